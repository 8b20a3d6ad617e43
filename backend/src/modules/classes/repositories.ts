import type { Knex } from 'knex';
import { createAttendanceRepository } from './attendance.repository';
import { createBookingsRepository } from './bookings.repository';
import { createCheckinsRepository } from './checkins.repository';
import { createRetentionRepository } from './retention.repository';
import { createRulesRepository } from './rules.repository';
import { createSessionsRepository } from './sessions.repository';
import { createSlotsRepository } from './slots.repository';

/**
 * The module's repositories, one per aggregate, all bound to one connection: `db` for reads, the
 * transaction inside `write` (auditedWrites), so a write's queries and its audit row commit together.
 */
export function classesRepositories(q: Knex) {
  return {
    slots: createSlotsRepository(q),
    sessions: createSessionsRepository(q),
    bookings: createBookingsRepository(q),
    rules: createRulesRepository(q),
    checkins: createCheckinsRepository(q),
    attendance: createAttendanceRepository(q),
    retention: createRetentionRepository(q),
  };
}

export type ClassesRepositories = ReturnType<typeof classesRepositories>;
