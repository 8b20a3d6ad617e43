import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { setClientShift } from '../clients';
import { createShiftsController } from './shifts.controller';
import { createShiftsRepository } from './shifts.repository';
import { shiftsRoutes } from './shifts.routes';
import { createShiftsService } from './shifts.service';

/** What other modules read of the trainers; the table stays this module's. */
export function trainerReads(db: Knex) {
  const shifts = createShiftsRepository(db);
  return {
    /** Every trainer with their id, by name (a class's coach, the timetable's choice). */
    all: () => shifts.trainers(),
  };
}

export type TrainerReads = ReturnType<typeof trainerReads>;

export function shiftsModule(deps: { db: Knex; clock: Clock; audit: AuditRecorder }, requireStaff: RequestHandler) {
  const write = auditedWrites(deps.db, deps.audit, createShiftsRepository);
  const service = createShiftsService(createShiftsRepository(deps.db), deps.clock, write, setClientShift);
  return {
    router: shiftsRoutes(createShiftsController(service), requireStaff),
    service,
    trainers: trainerReads(deps.db),
  };
}

export type { ShiftsService } from './shifts.service';
