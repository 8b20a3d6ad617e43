import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import type { PlanReads } from '../plans';
import type { ShiftsService } from '../shifts';
import { createClientsController } from './clients.controller';
import { createClientsRepository } from './clients.repository';
import { clientsRoutes } from './clients.routes';
import { createClientsService } from './clients.service';

/** What other modules read of the clients; the table stays this module's. */
export function clientReads(db: Knex) {
  const clients = createClientsRepository(db);
  return {
    /** A client in the lists; `archived: true` finds an archived one too. */
    byId: (idUsuario: string, options = { archived: false }) => clients.findById(idUsuario, options),
    /** The clients of these codes, archived ones too (their names on old records), in one query. */
    byIds: (ids: readonly string[]) => clients.findByIds(ids),
    /** The names of these clients, archived ones too, by code. */
    async names(ids: readonly string[]): Promise<Map<string, string>> {
      return new Map((await clients.findByIds(ids)).map((c) => [c.idUsuario, c.nombre]));
    },
  };
}

export type ClientReads = ReturnType<typeof clientReads>;

export function clientsModule(
  deps: { db: Knex; clock: Clock; audit: AuditRecorder; shifts: ShiftsService; plans: PlanReads },
  requireStaff: RequestHandler,
) {
  const service = createClientsService({
    clients: createClientsRepository(deps.db),
    plans: deps.plans,
    shifts: deps.shifts,
    clock: deps.clock,
    write: auditedWrites(deps.db, deps.audit, createClientsRepository),
  });
  return { router: clientsRoutes(createClientsController(service), requireStaff), reads: clientReads(deps.db) };
}
