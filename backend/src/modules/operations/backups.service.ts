import type { BackupStatus } from '@gym/contracts/operations';
import type { BackupsRepository } from './backups.repository';

/** The owner's panel line: the newest drill that passed, and one that failed after it. */
export function createBackupsService(repo: BackupsRepository) {
  return {
    async status(): Promise<BackupStatus> {
      const [last, lastOk] = await Promise.all([repo.newest(false), repo.newest(true)]);
      const passed = lastOk.get('drill');
      const drill = last.get('drill');
      return {
        verificado: passed
          ? {
              at: passed.finishedAt.toISOString(),
              respaldo: String(passed.detail.dump ?? ''),
              tablas: Number(passed.detail.tables ?? 0),
            }
          : null,
        fallido:
          drill && !drill.ok ? { at: drill.finishedAt.toISOString(), error: drill.error ?? 'sin detalle' } : null,
        ultimoRespaldo: lastOk.get('dump')?.finishedAt.toISOString() ?? null,
        ultimaBase: lastOk.get('base')?.finishedAt.toISOString() ?? null,
      };
    },
  };
}

export type BackupsService = ReturnType<typeof createBackupsService>;
