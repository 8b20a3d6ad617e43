import type { Knex } from 'knex';

export type BackupKind = 'dump' | 'base' | 'drill' | 'archive';

export interface BackupRun {
  id: string;
  kind: BackupKind;
  ok: boolean;
  startedAt: Date;
  finishedAt: Date;
  detail: Record<string, unknown>;
  error: string | null;
}

interface Row {
  id: number;
  kind: BackupKind;
  ok: boolean;
  started_at: Date;
  finished_at: Date;
  detail: Record<string, unknown> | string;
  error: string | null;
}

const toRun = (r: Row): BackupRun => ({
  id: String(r.id),
  kind: r.kind,
  ok: r.ok,
  startedAt: new Date(r.started_at),
  finishedAt: new Date(r.finished_at),
  detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail,
  error: r.error,
});

/** What PostgreSQL's WAL archiver last did (pg_stat_archiver); all null when archiving is off. */
export interface ArchiverState {
  archivedCount: number;
  lastArchivedWal: string | null;
  lastArchivedAt: Date | null;
  failedCount: number;
  lastFailedWal: string | null;
  lastFailedAt: Date | null;
  /**
   * The archive has worked at least once: PostgreSQL archived a segment (since its statistics were
   * last reset), or a base backup succeeded (pgBackRest's backup waits for its WAL to be archived).
   */
  workedOnce: boolean;
}

/**
 * The archiver's newest attempt failed: a segment is waiting, and nothing newer reached the archive.
 * Never before the archive has worked once: at first boot PostgreSQL tries to archive before the pitr
 * service has made pgBackRest's stanza, and those failures are no news.
 */
export const archiveFailing = (a: ArchiverState): boolean =>
  a.workedOnce && a.lastFailedAt !== null && !(a.lastArchivedAt !== null && a.lastArchivedAt > a.lastFailedAt);

/**
 * The backup services' record (scripts/backup writes its rows with psql; the API reads them, and
 * writes the archiver's failures it notices, so every failure reaches the owner the same way).
 */
export function createBackupsRepository(db: Knex) {
  return {
    /** The newest run of each kind (`okOnly`: the newest that succeeded). */
    async newest(okOnly: boolean): Promise<Map<BackupKind, BackupRun>> {
      const { rows } = await db.raw(
        `SELECT DISTINCT ON (kind) * FROM backup_runs ${okOnly ? 'WHERE ok' : ''} ORDER BY kind, finished_at DESC, id DESC`,
      );
      return new Map((rows as Row[]).map((r) => [r.kind, toRun(r)]));
    },

    async record(run: { kind: BackupKind; ok: boolean; startedAt: Date; detail: object; error?: string }) {
      await db('backup_runs').insert({
        kind: run.kind,
        ok: run.ok,
        started_at: run.startedAt,
        finished_at: run.startedAt,
        detail: JSON.stringify(run.detail),
        error: run.error?.slice(0, 2000) ?? null,
      });
    },

    /** Failures nobody was told about yet, oldest first, claimed so two replicas never both mail them. */
    async claimUnnotified(trx: Knex.Transaction, now: Date): Promise<BackupRun[]> {
      const rows: Row[] = await trx('backup_runs')
        .where({ ok: false })
        .whereNull('notified_at')
        .orderBy('id')
        .limit(20)
        .forUpdate()
        .skipLocked();
      if (rows.length)
        await trx('backup_runs')
          .whereIn(
            'id',
            rows.map((r) => r.id),
          )
          .update({ notified_at: now });
      return rows.map(toRun);
    },

    async hasArchiveFailure(wal: string): Promise<boolean> {
      const row = await db('backup_runs')
        .where({ kind: 'archive', ok: false })
        .whereRaw("detail->>'wal' = ?", [wal])
        .first('id');
      return row !== undefined;
    },

    async archiver(): Promise<ArchiverState> {
      const { rows } = await db.raw(
        `SELECT archived_count, last_archived_wal, last_archived_time, failed_count, last_failed_wal, last_failed_time
           FROM pg_stat_archiver`,
      );
      const r = rows[0] ?? {};
      const at = (v: unknown) => (v ? new Date(v as string) : null);
      const lastArchivedAt = at(r.last_archived_time);
      // The statistics start empty again after a crash or pg_stat_reset_shared: backup_runs remembers.
      const workedOnce =
        lastArchivedAt !== null ||
        (await db('backup_runs').where({ kind: 'base', ok: true }).first('id')) !== undefined;
      return {
        archivedCount: (r.archived_count as number | null) ?? 0,
        lastArchivedWal: r.last_archived_wal ?? null,
        lastArchivedAt,
        failedCount: (r.failed_count as number | null) ?? 0,
        lastFailedWal: r.last_failed_wal ?? null,
        lastFailedAt: at(r.last_failed_time),
        workedOnce,
      };
    },

    async ownerEmails(): Promise<{ name: string; address: string }[]> {
      const rows: { name: string; lastname: string; email: string }[] = await db('accounts')
        .select('name', 'lastname', 'email')
        .where({ role: 'dueno', activo: true });
      return rows.map((r) => ({ name: `${r.name} ${r.lastname}`, address: r.email }));
    },
  };
}

export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
