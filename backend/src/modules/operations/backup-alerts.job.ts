import { createHash } from 'node:crypto';
import { countOf } from '@gym/contracts/format';
import { formatInstant } from '@gym/contracts/format-dates';
import { queuedMailer } from '../../shared/mail-retry';
import type { Job, JobContext } from '../../jobs/jobs';
import { archiveFailing, createBackupsRepository, type BackupRun } from './backups.repository';

const WHAT: Record<BackupRun['kind'], string> = {
  dump: 'La copia diaria (pg_dump)',
  base: 'La copia base del archivo continuo (pgBackRest)',
  drill: 'La prueba de restauración',
  archive: 'El archivo continuo de la base (WAL)',
};

/** One line per failure: what failed, when, and what it said. */
const lineOf = (run: BackupRun) =>
  `- ${WHAT[run.kind]} falló el ${formatInstant(run.finishedAt)}: ${run.error ?? 'sin detalle'}`;

/**
 * PostgreSQL failed to archive a WAL segment since it last archived one: a failure to report, once per
 * segment, but only once the archive has worked (archiveFailing: not the first boot's false alarm).
 */
async function noteArchiveFailure(ctx: JobContext, repo: ReturnType<typeof createBackupsRepository>) {
  const a = await repo.archiver();
  if (!archiveFailing(a) || !a.lastFailedAt || !a.lastFailedWal) return;
  if (await repo.hasArchiveFailure(a.lastFailedWal)) return;
  await repo.record({
    kind: 'archive',
    ok: false,
    startedAt: a.lastFailedAt,
    detail: { wal: a.lastFailedWal, failed: a.failedCount },
    error: `PostgreSQL no pudo archivar ${a.lastFailedWal} (${countOf(a.failedCount, 'intento fallido', 'intentos fallidos')} en total)`,
  });
}

/**
 * Every five minutes, on one replica: a failed dump, base backup, archive or drill e-mails the
 * gym's owners once (the rows are claimed, so a second replica or run never repeats the mail).
 * The mail goes through the outbox in the claim's transaction: a refused SMTP is tried again by
 * `reintentar-correos` instead of losing the alert.
 */
export const backupAlertsJob: Job = {
  name: 'backup-alerts',
  everyMs: 5 * 60 * 1000,
  async run(ctx) {
    const repo = createBackupsRepository(ctx.db);
    await noteArchiveFailure(ctx, repo);
    const owners = await repo.ownerEmails();
    if (!ctx.mailer || owners.length === 0) return { failures: 0, mailed: 0 };
    const outbox = queuedMailer({ ...ctx, mailer: ctx.mailer });
    const failures = await ctx.db.transaction(async (trx) => {
      const claimed = await repo.claimUnnotified(trx, ctx.clock.now());
      if (claimed.length === 0) return claimed;
      const text = [
        'Hola:',
        '',
        'Algo falló en los respaldos de la base de datos del gimnasio:',
        '',
        ...claimed.map(lineOf),
        '',
        'Mientras no se resuelva, los datos de esos días pueden no estar a salvo. Avisale a quien mantiene el sistema:',
        'el detalle está en make logs SERVICE=backup (o pitr, o postgres) y qué hacer, en docs/operations.md, sección Backups.',
      ].join('\n');
      const subject =
        claimed.length === 1 ? 'Falló un respaldo de la base' : `Fallaron ${claimed.length} respaldos de la base`;
      // Queued with the claim: both are kept or neither. The key names the claimed failures, so
      // they are told once per owner even if this were queued twice.
      const claim = createHash('sha256')
        .update(claimed.map((r) => r.id).join(','))
        .digest('hex')
        .slice(0, 32);
      for (const to of owners)
        await outbox.send({ to, subject, text }, { trx, key: `respaldo:${claim}:${to.address}` });
      return claimed;
    });
    return { failures: failures.length, mailed: failures.length ? owners.length : 0 };
  },
};
