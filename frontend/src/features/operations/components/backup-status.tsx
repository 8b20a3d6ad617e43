import { backupStatusLine } from '@gym/contracts/operations';
import { useResource } from '@/hooks/use-resource';
import { getBackupStatus } from '../api/operations-api';

/**
 * The owner's line under the desk's figures: when a backup was last restored and found whole
 * (the weekly drill), in red when there is no such proof, it failed, or it is over a week old.
 */
export function BackupStatus() {
  const data = useResource(['operations', 'backups'], getBackupStatus);
  if (data.status === 'loading') return null;
  const { text, warn, todo } =
    data.status === 'ready'
      ? backupStatusLine(data.data, new Date())
      : { text: 'No se pudo saber el estado de los respaldos.', warn: true, todo: null };
  return (
    <p
      className={`small mb-4 ${warn ? 'text-danger-emphasis fw-semibold' : 'text-body-secondary'}`}
      data-testid="respaldo"
    >
      <span>{text}</span>
      {todo && (
        <>
          <br />
          <span className="fw-normal" data-testid="respaldo-que-hacer">
            {todo}
          </span>
        </>
      )}
    </p>
  );
}
