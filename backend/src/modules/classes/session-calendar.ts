import { addDays, tucumanToday } from '@gym/contracts/membership-dates';
import { CLASS_SESSION_DAYS } from '@gym/contracts/classes';
import type { Clock } from '../../clock';
import type { SessionsRepository } from './sessions.repository';

/**
 * Makes sure the sessions of the next 14 days exist: once per day per process, and again after
 * the timetable changes. Making them is idempotent (INSERT … ON CONFLICT DO NOTHING), so two
 * replicas doing it at once, or a restart, make no duplicates.
 */
export function createSessionCalendar(sessions: SessionsRepository, clock: Clock) {
  let madeFor: string | null = null;
  return {
    async ready(): Promise<void> {
      const today = tucumanToday(clock.now());
      if (madeFor === today) return;
      await sessions.ensure(today, addDays(today, CLASS_SESSION_DAYS - 1));
      madeFor = today;
    },
    /** The timetable changed: the next read makes the sessions again. */
    invalidate(): void {
      madeFor = null;
    },
  };
}

export type SessionCalendar = ReturnType<typeof createSessionCalendar>;
