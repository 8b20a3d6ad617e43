import type { Knex } from 'knex';
import { hasPgCode } from '../../shared/pg-error';
import type { AuditRecorder } from '../audit';
import { tucumanToday } from '@gym/contracts/membership-dates';
import type { Clock } from '../../clock';
import type { ClientReads } from '../clients';
import type { MembershipReads } from '../memberships';
import type { PlanReads } from '../plans';
import type { TrainerReads } from '../shifts';

/** The client as the door and a booking judge them: plan, membership paid until, apto, an open pause. */
export interface Standing {
  idUsuario: string;
  nombre: string;
  correo: string;
  celular: number;
  plan: number;
  nombrePlan: string | null;
  paidUntil: string | null;
  aptoVence: string | null;
  pausedSince: string | null;
}

/** Whom a mail or a WhatsApp link goes to. */
export type Contact = Pick<Standing, 'idUsuario' | 'nombre' | 'correo' | 'celular'>;

/** A client the door's typed search found. */
export interface FoundClient {
  idUsuario: string;
  nombre: string;
  plan: string | null;
  dni: string | null;
}

/**
 * What the classes need of other modules (clients, plans, memberships, trainers), read through
 * those modules and never inside a classes transaction (PGlite has one connection). The classes'
 * own tables are class_slots, class_sessions, class_bookings, class_rules, plan_disciplines, checkins.
 */
export interface ClassPeers {
  /** A client who is not archived, found by code or DNI, with their standing. */
  standing(where: { idUsuario: string } | { dni: string }): Promise<Standing | undefined>;
  /** These clients (not archived) by code, for the mails after a promotion or a suspension. */
  contacts(ids: readonly string[]): Promise<Map<string, Contact>>;
  /** The names of these clients, archived ones too (old bookings and check-ins keep them), in one query. */
  names(ids: readonly string[]): Promise<Map<string, string>>;
  /** A client's DNI (null: none yet); undefined when there is no such client, or it is archived. */
  dni(idUsuario: string): Promise<{ dni: string | null } | undefined>;
  /** Sets a client's DNI (null clears it) and records it in the audit trail, in one transaction. */
  setDni(idUsuario: string, dni: string | null): Promise<'not-found' | 'taken' | { before: string | null }>;
  /** At most 8 clients (not archived) by name, code or DNI, accents and case aside. */
  search(text: string): Promise<FoundClient[]>;
  /** Every plan, by number. */
  plans(): Promise<{ idPlan: number; nombrePlan: string }[]>;
  plan(idPlan: number): Promise<{ idPlan: number; nombrePlan: string } | undefined>;
  /** Every trainer, by name: the coaches of the timetable. */
  trainers(): Promise<{ id: number; nombre: string }[]>;
}

/**
 * The peers from the other modules' exported reads. Where a module exports nothing yet for what the
 * classes need, a query marked TEMPORARY reads its table here until it does (issue 43, item 3):
 * - clients: `clientReads(db).byDni(dni)`, `.dni(idUsuario)`, `.search(text)`, and a service
 *   `setDni(idUsuario, dni)` that audits and answers 'not-found' | 'taken' | { before };
 * - plans: `planReads(db).all()`.
 */
export function classPeers(deps: {
  db: Knex;
  audit: AuditRecorder;
  clock: Clock;
  clients: ClientReads;
  plans: PlanReads;
  memberships: MembershipReads;
  trainers: TrainerReads;
}): ClassPeers {
  const { db, clients, plans } = deps;

  // TEMPORARY (clients must export it): the code of the client (not archived) with this DNI.
  const byDni = async (dni: string) =>
    (
      (await db('clients').where({ dni }).whereNull('archived_at').first('id_usuario')) as
        { id_usuario: string } | undefined
    )?.id_usuario;

  return {
    async standing(where) {
      const idUsuario = 'dni' in where ? await byDni(where.dni) : where.idUsuario;
      const client = idUsuario === undefined ? undefined : await clients.byId(idUsuario);
      if (!client) return undefined;
      const [plan, m] = await Promise.all([
        plans.byId(client.plan),
        deps.memberships.onDay(client.idUsuario, tucumanToday(deps.clock.now())),
      ]);
      return {
        idUsuario: client.idUsuario,
        nombre: client.nombre,
        correo: client.correo,
        celular: client.celular,
        plan: client.plan,
        nombrePlan: plan?.nombrePlan ?? null,
        paidUntil: m?.paidUntil ?? null,
        aptoVence: m?.aptoVence ?? null,
        pausedSince: m?.pausedSince ?? null,
      };
    },

    async contacts(ids) {
      const found = await Promise.all([...new Set(ids)].map((id) => clients.byId(id)));
      return new Map(
        found.flatMap((c) =>
          c ? [[c.idUsuario, { idUsuario: c.idUsuario, nombre: c.nombre, correo: c.correo, celular: c.celular }]] : [],
        ),
      );
    },

    names: (ids) => clients.names(ids),

    // TEMPORARY (clients must export it).
    async dni(idUsuario) {
      return db('clients').where({ id_usuario: idUsuario }).whereNull('archived_at').first('dni');
    },

    // TEMPORARY (clients must export it, auditing the change as here).
    async setDni(idUsuario, dni) {
      try {
        return await db.transaction(async (trx) => {
          const row = (await trx('clients')
            .where({ id_usuario: idUsuario })
            .whereNull('archived_at')
            .forUpdate()
            .first('dni')) as { dni: string | null } | undefined;
          if (!row) return 'not-found' as const;
          await trx('clients').where({ id_usuario: idUsuario }).update({ dni });
          await deps.audit.record(trx, {
            entity: 'cliente',
            entityId: idUsuario,
            action: 'dni',
            before: { dni: row.dni },
            after: { dni },
          });
          return { before: row.dni };
        });
      } catch (err) {
        if (hasPgCode(err, '23505')) return 'taken';
        throw err;
      }
    },

    // TEMPORARY (clients must export it); the plans' names come from the plans' reads.
    async search(text) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = (await db('clients')
        .whereNull('archived_at')
        .where((w) => {
          void w
            .whereRaw('gym_search_key(nombre) LIKE gym_search_key(?)', [like])
            .orWhere('id_usuario', text)
            .orWhere('dni', text.replace(/\D/g, '') || '-');
        })
        .orderBy('nombre')
        .limit(8)
        .select('id_usuario', 'nombre', 'plan', 'dni')) as {
        id_usuario: string;
        nombre: string;
        plan: number;
        dni: string | null;
      }[];
      const names = new Map((await plans.byIds(rows.map((r) => r.plan))).map((p) => [p.idPlan, p.nombrePlan]));
      return rows.map((r) => ({
        idUsuario: r.id_usuario,
        nombre: r.nombre,
        plan: names.get(r.plan) ?? null,
        dni: r.dni,
      }));
    },

    // TEMPORARY (plans must export `all()`).
    async plans() {
      const rows: { id_plan: number; nombre_plan: string }[] = await db('plans')
        .select('id_plan', 'nombre_plan')
        .orderBy('id_plan');
      return rows.map((r) => ({ idPlan: r.id_plan, nombrePlan: r.nombre_plan }));
    },

    async plan(idPlan) {
      const found = await plans.byId(idPlan);
      return found && { idPlan: found.idPlan, nombrePlan: found.nombrePlan };
    },

    trainers: () => deps.trainers.all(),
  };
}
