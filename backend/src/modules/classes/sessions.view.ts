import type { ClassSession } from '@gym/contracts/classes';
import type { ClassPeers } from './peers';
import { toSession, type SessionRecord } from './sessions.repository';

/** Sessions as the lists show them, each coach named from the trainers (one read for all of them). */
export async function withCoaches(
  peers: Pick<ClassPeers, 'trainers'>,
  rows: readonly SessionRecord[],
): Promise<ClassSession[]> {
  if (!rows.length) return [];
  const coaches = new Map((await peers.trainers()).map((t) => [t.id, t.nombre]));
  return rows.map((r) => toSession(r, coaches));
}
