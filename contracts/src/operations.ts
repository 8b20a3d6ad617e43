import { countOf } from './format';

/**
 * The owner's view of the backups (issue 31): the newest restore drill that proved a backup (every
 * table's rows as they were when it was taken), a drill that failed after it, and the newest copies.
 */
export interface BackupStatus {
  verificado: { at: string; respaldo: string; tablas: number } | null;
  /** The newest drill, when it failed: what the owner must look at. */
  fallido: { at: string; error: string } | null;
  /** The newest daily dump, and the newest base backup of the point-in-time archive. */
  ultimoRespaldo: string | null;
  ultimaBase: string | null;
}

/** A drill older than this is itself a warning: the weekly drill stopped running. */
export const DRILL_STALE_DAYS = 8;

/** "hace un momento", "hace 5 minutos", "hace 3 horas", "hace 2 días": how long ago, as people say it. */
export function timeAgo(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'hace un momento';
  if (minutes < 60) return `hace ${countOf(minutes, 'minuto', 'minutos')}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `hace ${countOf(hours, 'hora', 'horas')}`;
  return `hace ${countOf(Math.floor(hours / 24), 'día', 'días')}`;
}

/** What the owner does about a warning: the commands of docs/operations.md (section Backups), or who runs them. */
const BACKUP_TODO =
  'Qué hacer: en el servidor, corré make backup y después make drill (si algo falla, el detalle está en make logs SERVICE=backup), o avisale a quien mantiene el sistema.';

/**
 * The panel's line, whether it should worry the owner (no proof, a failure, or a stale proof) and,
 * when it should, what to do about it.
 */
export function backupStatusLine(
  status: BackupStatus,
  now: Date,
): { text: string; warn: boolean; todo: string | null } {
  const { verificado, fallido } = status;
  if (fallido)
    return {
      text: `La última prueba de restauración falló ${timeAgo(new Date(fallido.at), now)}: ${fallido.error}`,
      warn: true,
      todo: BACKUP_TODO,
    };
  if (!verificado) return { text: 'Todavía no hay un respaldo verificado.', warn: true, todo: BACKUP_TODO };
  const at = new Date(verificado.at);
  const stale = now.getTime() - at.getTime() > DRILL_STALE_DAYS * 86_400_000;
  return { text: `Último respaldo verificado: ${timeAgo(at, now)}`, warn: stale, todo: stale ? BACKUP_TODO : null };
}
