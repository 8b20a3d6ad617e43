import { addDays, tucumanDayStart, tucumanToday } from '@gym/contracts/membership-dates';
import {
  classMessages as m,
  OCCUPANCY_WEEKS,
  type ClassesToday,
  type ClientClasses,
  type SlotOccupancy,
} from '@gym/contracts/classes';
import type { Clock } from '../../clock';
import { NotFound } from '../../shared/errors';
import type { AuditedWrite } from '../audit';
import { classLabel } from './bookings.service';
import type { ClassPeers } from './peers';
import type { ClassesRepositories } from './repositories';
import type { SessionCalendar } from './session-calendar';
import { withCoaches } from './sessions.view';

export function createAttendanceService(deps: {
  repos: ClassesRepositories;
  write: AuditedWrite<ClassesRepositories>;
  peers: Pick<ClassPeers, 'dni' | 'trainers'>;
  calendar: SessionCalendar;
  clock: Clock;
}) {
  const { repos, write, clock } = deps;
  const { attendance } = repos;
  return {
    /**
     * After each class, whoever held a place and never checked in is a no-show: one transaction per
     * session, under its lock, with one audit row (the job is its actor).
     */
    async markNoShows(): Promise<{ sesiones: number; ausentes: number }> {
      const ended = await attendance.endedWithBooked(clock.now());
      let ausentes = 0;
      for (const id of ended) {
        ausentes += await write(async (r, record) => {
          const session = await r.sessions.lock(id);
          if (!session) return 0;
          const marked = await r.attendance.markNoShows(id);
          if (marked > 0)
            await record({
              entity: 'reserva',
              entityId: id,
              action: 'ausentes',
              after: { clase: classLabel(session), ausentes: marked },
            });
          return marked;
        });
      }
      return { sesiones: ended.length, ausentes };
    },

    /** A client's classes; their DNI only to a role that may use the door (a trainer does not read it). */
    async client(idUsuario: string, options: { withDni: boolean }): Promise<ClientClasses> {
      const found = await deps.peers.dni(idUsuario);
      if (!found) throw new NotFound(m.clientNotFound);
      const summary = await attendance.clientSummary(idUsuario);
      return options.withDni ? { dni: found.dni, ...summary } : summary;
    },

    async today(): Promise<ClassesToday> {
      await deps.calendar.ready();
      const day = tucumanToday(clock.now());
      const [counts, sessions] = await Promise.all([
        attendance.checkinCounts(tucumanDayStart(day), tucumanDayStart(addDays(day, 1))),
        repos.sessions.list({ from: day, to: day }),
      ]);
      return { ...counts, sesiones: await withCoaches(deps.peers, sessions) };
    },

    /** The last 4 full weeks, today aside. */
    occupancy(): Promise<SlotOccupancy[]> {
      const today = tucumanToday(clock.now());
      return attendance.occupancy(addDays(today, -7 * OCCUPANCY_WEEKS), addDays(today, -1));
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
