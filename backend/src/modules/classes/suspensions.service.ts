import { addDays, tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import { classMessages as m, sessionCancelledText } from '@gym/contracts/classes';
import { Conflict, NotFound, ValidationFailed } from '../../shared/errors';
import { classLabel, type BookingsDeps } from './bookings.service';
import type { LockedSession } from './sessions.repository';
import { firstName } from '../../shared/ids';
import type { Contact } from './peers';
import type { ClassesRepositories } from './repositories';

/**
 * Suspending classes (the coach is ill, a holiday): one session, or every class of a day at once.
 * Everyone booked or waiting loses the booking at no cost and is told by e-mail after the commit.
 */
/** Suspends a session: every place and waiting booking is cancelled (never late). Returns whose. */
async function suspend(r: ClassesRepositories, sessionId: string, reason: string, at: Date): Promise<string[]> {
  await r.sessions.suspend(sessionId, reason);
  return r.bookings.cancelAll(sessionId, at);
}

export function createSuspensionsService(deps: BookingsDeps) {
  const { write, clock } = deps;

  async function tell(suspended: { session: LockedSession; told: string[] }[], motivo: string) {
    const ids = suspended.flatMap((s) => s.told);
    const contacts = ids.length ? await deps.peers.contacts(ids) : new Map<string, Contact>();
    for (const { session, told } of suspended) {
      for (const idUsuario of told) {
        const who = contacts.get(idUsuario);
        if (!who) continue;
        const text = sessionCancelledText(
          firstName(who.nombre),
          session.discipline,
          session.day,
          session.starts,
          motivo,
        );
        deps.mailer
          .send({ to: { name: who.nombre, address: who.correo }, subject: 'Se suspende tu clase', text })
          .catch((err: unknown) => deps.logger.warn({ err, idUsuario }, 'suspension e-mail not sent'));
      }
    }
  }

  return {
    async session(id: string, motivo: string): Promise<{ message: string; avisados: number }> {
      const now = clock.now();
      const done = await write(async (r, record) => {
        const session = await r.sessions.lock(id);
        if (!session) throw new NotFound(m.sessionNotFound);
        if (session.status === 'cancelada') throw new Conflict(m.sessionAlreadyCancelled);
        const told = await suspend(r, session.id, motivo, now);
        await record({
          entity: 'clase',
          entityId: session.id,
          action: 'suspender',
          after: { clase: classLabel(session), motivo, avisados: told.length },
        });
        return { session, told };
      });
      await tell([done], motivo);
      return { message: m.suspended(done.told.length), avisados: done.told.length };
    },

    /** Every class of a day still to start (a holiday): one audit row for the day. */
    async day(dia: IsoDate, motivo: string): Promise<{ message: string; clases: number; avisados: number }> {
      const today = tucumanToday(clock.now());
      if (dia < today || dia > addDays(today, 60)) throw new ValidationFailed(m.dayInvalid);
      await deps.calendar.ready();
      const now = clock.now();
      const suspended = await write(async (r, record) => {
        const ids = (await r.sessions.list({ from: dia, to: dia }))
          .filter((s) => s.status === 'programada' && s.starts_at > now)
          .map((s) => s.id);
        if (ids.length === 0) throw new Conflict(m.noClassesThatDay);
        const done: { session: LockedSession; told: string[] }[] = [];
        for (const id of ids) {
          const session = (await r.sessions.lock(id))!;
          if (session.status === 'programada') done.push({ session, told: await suspend(r, id, motivo, now) });
        }
        const avisados = done.reduce((n, s) => n + s.told.length, 0);
        await record({
          entity: 'clase',
          entityId: dia,
          action: 'suspender_dia',
          after: { dia, motivo, clases: done.map((s) => classLabel(s.session)), avisados },
        });
        return done;
      });
      await tell(suspended, motivo);
      const avisados = suspended.reduce((n, s) => n + s.told.length, 0);
      return { message: m.daySuspended(suspended.length, avisados), clases: suspended.length, avisados };
    },
  };
}

export type SuspensionsService = ReturnType<typeof createSuspensionsService>;
