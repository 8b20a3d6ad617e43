import type { PublicSlot } from '@gym/contracts/classes';
import { api } from '@/api/client';

/** The weekly slots staff keep on /admin/clases, for the class pages' timetables. */
export const getTimetable = (signal?: AbortSignal) =>
  api
    .get('clases/horario', { signal, retry: 0 })
    .json<{ horario: PublicSlot[] }>()
    .then((r) => r.horario);
