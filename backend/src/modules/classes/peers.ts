import { tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import type { Clock } from '../../clock';
import type { ClientReads, ClientsService } from '../clients';
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
  /** The members paid up to `day` or later and not paused, with the day their membership started. */
  activeMembers(day: IsoDate): Promise<{ idUsuario: string; since: IsoDate }[]>;
}

/**
 * The peers from the other modules' index: their reads (clientReads, planReads, membershipReads,
 * trainerReads) and the clients' service for the one write, a DNI set at the door.
 */
export function classPeers(deps: {
  clock: Clock;
  clients: ClientReads;
  /** The clients' service: a DNI is set there, with its audit row. */
  clientWrites: Pick<ClientsService, 'setDni'>;
  plans: PlanReads;
  memberships: MembershipReads;
  trainers: TrainerReads;
}): ClassPeers {
  const { clients, plans } = deps;

  return {
    async standing(where) {
      const idUsuario = 'dni' in where ? await clients.byDni(where.dni) : where.idUsuario;
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

    dni: (idUsuario) => clients.dni(idUsuario),

    setDni: (idUsuario, dni) => deps.clientWrites.setDni(idUsuario, dni),

    search: (text) => clients.search(text),

    async plans() {
      return (await plans.all()).map((p) => ({ idPlan: p.idPlan, nombrePlan: p.nombrePlan }));
    },

    async plan(idPlan) {
      const found = await plans.byId(idPlan);
      return found && { idPlan: found.idPlan, nombrePlan: found.nombrePlan };
    },

    trainers: () => deps.trainers.all(),

    activeMembers: (day) => deps.memberships.activeOn(day),
  };
}
