import type { Logger } from 'pino';
import { addDays, tucumanToday } from '@gym/contracts/membership-dates';
import { aptoIsValid } from '@gym/contracts/membership-rules';
import {
  classMessages as m,
  disciplineLabels,
  promotedText,
  weekStart,
  type CancelResult,
  type ClassBooking,
  type ClassDiscipline,
  type ClassSessionDetail,
  type MemberClasses,
} from '@gym/contracts/classes';
import { formatDay } from '@gym/contracts/format-dates';
import { retentionMessages as rm } from '@gym/contracts/retention';
import { whatsappLink } from '../../shared/whatsapp';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import type { Mailer } from '../../shared/mailer';
import type { AuditedWrite } from '../audit';
import type { ClassPeers, Standing } from './peers';
import type { ClassesRepositories } from './repositories';
import type { LockedSession, SessionsRepository } from './sessions.repository';
import { withCoaches } from './sessions.view';
import { blockFrom, blockLookBack, type RetentionSettings } from './retention.service';
import type { SessionCalendar } from './session-calendar';
import { firstName } from '../../shared/ids';

const HOUR_MS = 3_600_000;

/** Who is acting: a member from the portal (their own bookings only) or the desk. */
export type Actor = { member: string } | { staff: true };
const isMember = (actor: Actor): actor is { member: string } => 'member' in actor;

export const classLabel = (s: { discipline: ClassDiscipline; day: string; starts: string }) =>
  `${disciplineLabels[s.discipline]} del ${formatDay(s.day)} a las ${s.starts}`;

export interface BookingsDeps {
  /** The repositories on the database, for reads. */
  repos: ClassesRepositories;
  /** A transaction with the repositories bound to it and its audit row beside it. */
  write: AuditedWrite<ClassesRepositories>;
  /** What the classes read of clients, plans, memberships and trainers. */
  peers: ClassPeers;
  calendar: SessionCalendar;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** NO_SHOWS_BLOQUEO: no-shows in 30 days that block booking for 7 days. */
  settings: Pick<RetentionSettings, 'noShowsBlock'>;
}

/**
 * Places in classes. Every decision about a session's places happens in a transaction holding the
 * session's row (FOR UPDATE): two bookings of the last place, or two cancellations promoting the
 * first waiting, take turns, so a session never holds more than its capacity and nobody is promoted twice.
 */
export function createBookingsService(deps: BookingsDeps) {
  const { repos, write, clock } = deps;
  const today = () => tucumanToday(clock.now());

  /** Why this person may not book this session (null: they may), in the member's or the desk's words. */
  function refusal(
    who: Standing,
    session: Pick<LockedSession, 'discipline' | 'day'>,
    covered: { discipline: ClassDiscipline }[],
    member: boolean,
  ): string | null {
    if (!covered.some((c) => c.discipline === session.discipline))
      return member ? m.planNotCovering : m.clientPlanNotCovering;
    if (who.pausedSince || !who.paidUntil || who.paidUntil < session.day)
      return member ? m.membershipLapsed : m.clientMembershipLapsed;
    if (!aptoIsValid(who.aptoVence, session.day)) return member ? m.noApto : m.clientNoApto;
    return null;
  }

  /** A session's bookings with each client's name (a code no longer found stays as it is). */
  async function bookingsOf(sessionId: string): Promise<ClassBooking[]> {
    const rows = await repos.bookings.ofSession(sessionId);
    const names = await deps.peers.names(rows.map((b) => b.idUsuario));
    return rows.map((b) => ({
      id: b.id,
      sessionId: b.sessionId,
      idUsuario: b.idUsuario,
      nombre: names.get(b.idUsuario) ?? b.idUsuario,
      status: b.status,
      position: b.position,
      lateCancel: b.lateCancel,
      createdAt: b.createdAt,
    }));
  }

  async function lockedSession(sessions: SessionsRepository, id: string) {
    const session = await sessions.lock(id);
    if (!session) throw new NotFound(m.sessionNotFound);
    return session;
  }

  /** Books a place (or one in the waiting list) for the client: the member themself, or the desk by the client's code. */
  async function book(session: string, idUsuario: string, actor: Actor) {
    await deps.calendar.ready();
    const member = isMember(actor);
    const now = clock.now();
    const who = await deps.peers.standing({ idUsuario });
    if (!who) throw new NotFound(m.clientNotFound);
    return write(async (r, record) => {
      await r.bookings.lockMember(idUsuario);
      const s = await lockedSession(r.sessions, session);
      if (s.status === 'cancelada') throw new Conflict(m.sessionCancelled);
      if (s.starts_at <= now) throw new Conflict(m.sessionStarted);
      const monday = weekStart(s.day);
      const facts = await r.bookings.placeFacts({
        sessionId: s.id,
        idUsuario,
        plan: who.plan,
        discipline: s.discipline,
        week: [monday, addDays(monday, 6)],
      });
      if (s.day > addDays(today(), facts.rules.daysAhead)) throw new Conflict(m.notOpenYet(facts.rules.daysAhead));
      const refused = refusal(who, s, facts.covered ? [{ discipline: s.discipline }] : [], member);
      if (refused) throw new Conflict(refused);
      const block = blockFrom(
        await r.retention.noShowsOf(idUsuario, blockLookBack(today())),
        today(),
        deps.settings.noShowsBlock,
      );
      if (block)
        throw new Conflict(
          member ? rm.blocked(block.until, block.noShows) : rm.clientBlocked(block.until, block.noShows),
        );
      if (facts.mine) throw new Conflict(member ? m.alreadyBooked : m.clientAlreadyBooked);
      if (facts.inWeek >= facts.weeklyLimit)
        throw new Conflict(member ? m.weeklyLimit(facts.weeklyLimit) : m.clientWeeklyLimit(facts.weeklyLimit));
      const status = facts.held < s.capacity ? 'reservada' : 'espera';
      const position = status === 'espera' ? facts.waiting + 1 : null;
      const inserted = await r.bookings.insert({
        session_id: s.id,
        id_usuario: idUsuario,
        status,
        booked_by: member ? 'socio' : 'recepcion',
        created_at: now,
      });
      await record({
        entity: 'reserva',
        entityId: inserted.id,
        action: 'reservar',
        after: { nombre: who.nombre, idUsuario, clase: classLabel(s), estado: status, puesto: position },
        member: member ? idUsuario : undefined,
      });
      return { id: inserted.id, status, position, message: position === null ? m.booked : m.waiting(position) };
    });
  }

  /** Mails the promoted after the commit; the desk also gets a WhatsApp link for the first. */
  async function tellPromoted(
    promoted: { id_usuario: string }[],
    session: Pick<LockedSession, 'discipline' | 'day' | 'starts'>,
  ): Promise<CancelResult['promoted']> {
    let first: CancelResult['promoted'] = null;
    const contacts = promoted.length ? await deps.peers.contacts(promoted.map((p) => p.id_usuario)) : new Map();
    for (const p of promoted) {
      const who = contacts.get(p.id_usuario);
      if (!who) continue;
      const text = promotedText(firstName(who.nombre), session.discipline, session.day, session.starts);
      first ??= { idUsuario: who.idUsuario, nombre: who.nombre, whatsappUrl: whatsappLink(who.celular, text) };
      deps.mailer
        .send({ to: { name: who.nombre, address: who.correo }, subject: 'Se liberó un lugar en tu clase', text })
        .catch((err: unknown) => deps.logger.warn({ err, idUsuario: who.idUsuario }, 'promotion e-mail not sent'));
    }
    return first;
  }

  /** A booking (a member's own only) and its client's name, read before the transaction that locks it. */
  async function bookingWithName(bookingId: string, actor: Actor) {
    const found = await repos.bookings.find(bookingId);
    if (!found || (isMember(actor) && found.id_usuario !== actor.member)) throw new NotFound(m.bookingNotFound);
    const nombre = (await deps.peers.names([found.id_usuario])).get(found.id_usuario) ?? found.id_usuario;
    return { found, nombre };
  }

  async function cancel(bookingId: string, actor: Actor): Promise<CancelResult> {
    const now = clock.now();
    const { found, nombre } = await bookingWithName(bookingId, actor);
    const { promoted, session, late, hours } = await write(async (r, record) => {
      const session = await lockedSession(r.sessions, found.session_id);
      const booking = (await r.bookings.find(bookingId, { lock: true }))!;
      if (booking.status === 'cancelada') throw new Conflict(m.alreadyCancelled);
      if (booking.status !== 'reservada' && booking.status !== 'espera') throw new Conflict(m.sessionStarted);
      if (isMember(actor) && session.starts_at <= now) throw new Conflict(m.sessionStarted);
      const rules = await r.rules.get();
      const late =
        booking.status === 'reservada' && session.starts_at.getTime() - now.getTime() < rules.freeCancelHours * HOUR_MS;
      await r.bookings.cancel(booking.id, now, late);
      const promoted =
        booking.status === 'reservada' && session.starts_at > now
          ? await r.bookings.promote(session.id, session.capacity - (await r.bookings.held(session.id)), now)
          : [];
      await record({
        entity: 'reserva',
        entityId: booking.id,
        action: 'cancelar',
        after: {
          nombre,
          idUsuario: booking.id_usuario,
          clase: classLabel(session),
          tardia: late,
          promovidos: promoted.map((p) => p.id_usuario),
        },
        member: isMember(actor) ? actor.member : undefined,
      });
      return { promoted, session, late, hours: rules.freeCancelHours };
    });
    return {
      message: late ? m.lateCancelled(hours) : m.cancelled,
      promoted: await tellPromoted(promoted, session),
    };
  }

  return {
    book,
    cancel,

    /** A bigger capacity gave these people a place in that session: they are told like any promotion. */
    async tellPromotedIn(promoted: { id_usuario: string }[], sessionId: string): Promise<void> {
      const session = await repos.sessions.find(sessionId);
      if (session) await tellPromoted(promoted, session);
    },

    /** The portal's *Mis clases*: what the member's plan covers, from now until booking closes. */
    async memberClasses(idUsuario: string): Promise<MemberClasses> {
      await deps.calendar.ready();
      const who = await deps.peers.standing({ idUsuario });
      if (!who) throw new NotFound(m.clientNotFound);
      const [rules, covered] = await Promise.all([repos.rules.get(), repos.rules.coverage(who.plan)]);
      const now = clock.now();
      const day = today();
      const sessions = covered.length
        ? await withCoaches(
            deps.peers,
            (
              await repos.sessions.list({
                from: day,
                to: addDays(day, rules.daysAhead),
                disciplines: covered.map((c) => c.discipline),
              })
            ).filter((s) => s.starts_at > now),
          )
        : [];
      const mine = await repos.bookings.mine(
        idUsuario,
        sessions.map((s) => s.id),
      );
      const noShowBlock = blockFrom(
        await repos.retention.noShowsOf(idUsuario, blockLookBack(day)),
        day,
        deps.settings.noShowsBlock,
      );
      const blocked = covered.length
        ? (refusal(who, { discipline: covered[0]!.discipline, day }, covered, true) ??
          (noShowBlock && rm.blocked(noShowBlock.until, noShowBlock.noShows)))
        : m.noClassesInPlan;
      return {
        sessions: sessions.map((s) => {
          const b = mine.find((x) => x.sessionId === s.id);
          return { ...s, mine: b ? { id: b.id, status: b.status, position: b.position } : null };
        }),
        blocked,
      };
    },

    async sessionDetail(id: string): Promise<ClassSessionDetail> {
      const session = await repos.sessions.find(id);
      if (!session) throw new NotFound(m.sessionNotFound);
      const [named] = await withCoaches(deps.peers, [session]);
      return { session: named!, bookings: await bookingsOf(session.id) };
    },

    /** Marks a booking attended or not (the coach after class, or the desk). */
    async attendance(bookingId: string, asistio: boolean): Promise<ClassBooking[]> {
      const { found, nombre } = await bookingWithName(bookingId, { staff: true });
      const sessionId = await write(async (r, record) => {
        const session = await lockedSession(r.sessions, found.session_id);
        const booking = (await r.bookings.find(bookingId, { lock: true }))!;
        if (booking.status === 'cancelada' || booking.status === 'espera') throw new Conflict(m.notHolding);
        if (session.starts_at > clock.now()) throw new Conflict(m.notStartedYet);
        const status = asistio ? 'asistio' : 'ausente';
        await r.bookings.setStatus(booking.id, status);
        await record({
          entity: 'reserva',
          entityId: booking.id,
          action: 'asistencia',
          before: { estado: booking.status },
          after: { estado: status, nombre, clase: classLabel(session) },
          keep: ['nombre', 'clase'],
        });
        return session.id;
      });
      return bookingsOf(sessionId);
    },

    /** Takes back an attendance mark (the door's or staff's): the place is booked again. */
    async undoAttendance(bookingId: string): Promise<ClassBooking[]> {
      const { found, nombre } = await bookingWithName(bookingId, { staff: true });
      const sessionId = await write(async (r, record) => {
        const session = await lockedSession(r.sessions, found.session_id);
        const booking = (await r.bookings.find(bookingId, { lock: true }))!;
        if (booking.status !== 'asistio' && booking.status !== 'ausente') throw new Conflict(m.notMarked);
        await r.bookings.setStatus(booking.id, 'reservada');
        await record({
          entity: 'reserva',
          entityId: booking.id,
          action: 'deshacer_asistencia',
          before: { estado: booking.status },
          after: { estado: 'reservada', nombre, clase: classLabel(session) },
          keep: ['nombre', 'clase'],
        });
        return session.id;
      });
      return bookingsOf(sessionId);
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
