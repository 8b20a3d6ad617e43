import { randomUUID } from 'node:crypto';
import { clientMessages as m, type Client, type ClientInput } from '@gym/contracts/clients';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { Conflict, NotFound, ValidationFailed } from '../../shared/errors';
import { currentContext } from '../../shared/request-context';
import { hasPgCode } from '../../shared/pg-error';
import type { PlanReads } from '../plans';
import type { ShiftsService } from '../shifts';
import type { AuditedWrite } from '../audit';
import type { ClientsRepository } from './clients.repository';

const planUnknown = () => new ValidationFailed(m.planUnknown, { plan: m.planUnknown });

export function createClientsService(deps: {
  clients: ClientsRepository;
  plans: PlanReads;
  shifts: ShiftsService;
  clock: Clock;
  write: AuditedWrite<ClientsRepository>;
  /** The memberships' forgetMembership: a deleted client's membership, pauses and reminders, in its transaction. */
  forgetMembership: (trx: Knex.Transaction, idUsuario: string) => Promise<void>;
}) {
  const { clients, plans, shifts, clock, write } = deps;

  /** The client of a code; undefined (a missing or malformed code) is an unknown client. */
  async function find(idUsuario: string | undefined): Promise<Client> {
    const client = idUsuario ? await clients.findById(idUsuario) : undefined;
    if (!client) throw new NotFound(m.notFound);
    return client;
  }

  /** The form's rules are the controller's; the plan must exist (SPEC §5 asks 001 to 009; the API asks a real one). */
  async function planExists(input: ClientInput) {
    if (!(await plans.byId(input.plan))) throw planUnknown();
  }

  return {
    list: () => clients.list(),

    find,

    async create(input: ClientInput): Promise<Client> {
      await planExists(input);
      const { turno, trainerId } = await shifts.assign(input.turno, input.entrenador);
      const idUsuario = input.idUsuario ?? randomUUID();
      try {
        return await write(async (repo, record) => {
          const client = await repo.insert(idUsuario, { input, turno, trainerId }, clock.now());
          await record({ entity: 'cliente', entityId: client.idUsuario, action: 'crear', after: client });
          return client;
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) throw new Conflict(m.duplicate, { idUsuario: m.duplicate });
        if (hasPgCode(err, '23503')) throw planUnknown();
        throw err;
      }
    },

    /** The whole client; shift and trainer stay as they are unless named. A stale `expectedUpdatedAt` is 409. */
    async update(idUsuario: string | undefined, input: ClientInput, expectedUpdatedAt?: Date): Promise<Client> {
      const current = await find(idUsuario);
      await planExists(input);
      const turno = input.turno ?? current.turno;
      const trainerId = await shifts.trainerId(input.entrenador ?? current.entrenador);
      let updated: Client | undefined;
      try {
        updated = await write(async (repo, record) => {
          const write = { input, turno, trainerId };
          const after = await repo.update(current.idUsuario, write, clock.now(), expectedUpdatedAt);
          if (after)
            await record({ entity: 'cliente', entityId: current.idUsuario, action: 'editar', before: current, after });
          return after;
        });
      } catch (err) {
        if (hasPgCode(err, '23503')) throw planUnknown();
        throw err;
      }
      if (updated) return updated;
      await find(idUsuario);
      throw new Conflict(m.stale);
    },

    /**
     * The spec's delete. A client with payments, orders, classes (bookings, check-ins) or money they sent
     * themselves (a Mercado Pago renewal, even a pending one; a transfer receipt) is archived
     * instead (hidden, kept with its money and history, restorable by the owner); one with none is deleted. The row is locked
     * first, so a payment recorded at the same moment is either seen here or refused.
     */
    async remove(idUsuario: string | undefined): Promise<{ archived: boolean }> {
      const before = await find(idUsuario);
      return write(async (repo, record, trx) => {
        if (!(await repo.lock(before.idUsuario))) throw new NotFound(m.notFound);
        const history = await repo.history(before.idUsuario);
        const entityId = before.idUsuario;
        if (history.pagos === 0 && history.pedidos === 0 && history.clases === 0 && history.enviosDelSocio === 0) {
          await deps.forgetMembership(trx, entityId);
          await repo.delete(entityId);
          await record({ entity: 'cliente', entityId, action: 'borrar', before });
          return { archived: false };
        }
        await repo.archive(entityId, clock.now(), currentContext().actor?.email ?? null);
        await record({ entity: 'cliente', entityId, action: 'archivar', before: { ...before, historial: history } });
        return { archived: true };
      });
    },

    /**
     * Sets a client's DNI (null clears it; the door finds members by it), audited in the same
     * transaction: 'not-found' for a client not in the lists, 'taken' when another client has it.
     */
    async setDni(idUsuario: string, dni: string | null): Promise<'not-found' | 'taken' | { before: string | null }> {
      try {
        return await write(async (repo, record) => {
          const changed = await repo.setDni(idUsuario, dni);
          if (!changed) return 'not-found' as const;
          const entry = { before: { dni: changed.before }, after: { dni } };
          await record({ entity: 'cliente', entityId: idUsuario, action: 'dni', ...entry });
          return changed;
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) return 'taken';
        throw err;
      }
    },

    listArchived: () => clients.listArchived(),

    async restore(idUsuario: string): Promise<Client> {
      return write(async (repo, record) => {
        const client = await repo.restore(idUsuario, clock.now());
        if (!client) throw new NotFound(m.notArchived);
        await record({ entity: 'cliente', entityId: idUsuario, action: 'restaurar', after: client });
        return client;
      });
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
