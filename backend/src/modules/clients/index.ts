import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { Shift } from '@gym/contracts/shifts';
import type { Clock } from '../../clock';
import { auditedWrites, type AuditRecorder } from '../audit';
import { planReads, type PlanReads } from '../plans';
import type { ShiftsService } from '../shifts';
import { createClientsController } from './clients.controller';
import { createClientsRepository } from './clients.repository';
import { clientsRoutes } from './clients.routes';
import { createClientsService, type ClientsService } from './clients.service';

/** What other modules read of the clients; the table stays this module's. */
export function clientReads(db: Knex) {
  const clients = createClientsRepository(db);
  const plans = planReads(db);
  return {
    /** A client in the lists; `archived: true` finds an archived one too. */
    byId: (idUsuario: string, options = { archived: false }) => clients.findById(idUsuario, options),
    /** The clients of these codes, archived ones too (their names on old records), in one query. */
    byIds: (ids: readonly string[]) => clients.findByIds(ids),
    /** The code of the client in the lists with this DNI (the door's DNI entry). */
    byDni: (dni: string) => clients.findIdByDni(dni),
    /** The clients, archived ones too, with this DNI or e-mail (the Botón de baja). */
    byContact: (contacto: string) => clients.findByContact(contacto),
    /** A client's DNI (null: none yet); undefined when there is no such client in the lists. */
    dni: (idUsuario: string) => clients.dniOf(idUsuario),
    /** At most 8 clients in the lists by name, code or DNI, accents and case aside, with their plan's name. */
    async search(text: string) {
      const found = await clients.search(text);
      const names = new Map((await plans.byIds(found.map((c) => c.plan))).map((p) => [p.idPlan, p.nombrePlan]));
      return found.map((c) => ({ ...c, plan: names.get(c.plan) ?? null }));
    },
    /** The clients in the lists with this e-mail, case aside (a member asking for a link): at most 3. */
    byEmail: (email: string) => clients.findByEmail(email),
    /**
     * Holds a client's row inside another module's transaction until it ends (`share`: an archive
     * or a delete under way finishes first; `update`: one such transaction at a time per client).
     * True when the client is in the lists.
     */
    hold: (trx: Knex.Transaction, idUsuario: string, mode: 'share' | 'update') =>
      createClientsRepository(trx).hold(idUsuario, mode),
    /** The names of these clients, archived ones too, by code. */
    async names(ids: readonly string[]): Promise<Map<string, string>> {
      return new Map((await clients.findByIds(ids)).map((c) => [c.idUsuario, c.nombre]));
    },
  };
}

export type ClientReads = ReturnType<typeof clientReads>;

/**
 * For the shifts' Turnos screen: a client's shift and trainer, written in the shifts' audited
 * transaction `trx` (the shifts decide the values; the row is the clients'). False when no client
 * in the lists has that code.
 */
export function setClientShift(trx: Knex.Transaction, idUsuario: string, turno: Shift, trainerId: number, now: Date) {
  return createClientsRepository(trx).setShift(idUsuario, turno, trainerId, now);
}

export function clientsModule(
  deps: {
    db: Knex;
    clock: Clock;
    audit: AuditRecorder;
    shifts: ShiftsService;
    plans: PlanReads;
    /** The memberships' forgetMembership, for a client deleted. */
    forgetMembership: (trx: Knex.Transaction, idUsuario: string) => Promise<void>;
  },
  requireStaff: RequestHandler,
) {
  const service = createClientsService({
    clients: createClientsRepository(deps.db),
    plans: deps.plans,
    shifts: deps.shifts,
    clock: deps.clock,
    write: auditedWrites(deps.db, deps.audit, createClientsRepository),
    forgetMembership: deps.forgetMembership,
  });
  // What must follow an archive or a restore at once (the automatic debit), told after it is stored.
  const archiveListeners: ((idUsuario: string) => Promise<void>)[] = [];
  const told = async (idUsuario: string) => {
    for (const listener of archiveListeners) await listener(idUsuario);
  };
  const desking: ClientsService = {
    ...service,
    async remove(idUsuario) {
      const done = await service.remove(idUsuario);
      if (done.archived && idUsuario) await told(idUsuario);
      return done;
    },
    async restore(idUsuario) {
      const client = await service.restore(idUsuario);
      await told(idUsuario);
      return client;
    },
  };
  return {
    router: clientsRoutes(createClientsController(desking), requireStaff),
    /**
     * Registers what follows a client's archive or restore at once (app.ts: the automatic debit is
     * cancelled). A listener must not throw: it logs and leaves the rest to the reconciliation job.
     */
    onArchiveChanged(listener: (idUsuario: string) => Promise<void>) {
      archiveListeners.push(listener);
    },
    reads: clientReads(deps.db),
    /** For other modules' writes to a client (the door sets a DNI through setDni). */
    service,
  };
}
export type { ClientsService } from './clients.service';
