import { addDays, tucumanDayStart, tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import {
  checkinMessages as cm,
  type CheckinChannel,
  type CheckinEntry,
  type CheckinResult,
} from '@gym/contracts/classes';
import { formatInstant } from '@gym/contracts/format-dates';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import type { AuditedWrite } from '../audit';
import type { DoorPassReading } from '../members';
import type { ClassPeers, Standing } from './peers';
import type { ClassesRepositories } from './repositories';

/** Whether the person may come in today, and the reason in one line. Membership first, then the apto. */
export function doorVerdict(who: Standing, today: IsoDate): { allowed: boolean; reason: string } {
  if (who.pausedSince) return { allowed: false, reason: cm.pausada(who.pausedSince) };
  if (!who.paidUntil) return { allowed: false, reason: cm.sinPagos };
  if (who.paidUntil < today) return { allowed: false, reason: cm.vencida(addDays(who.paidUntil, 1)) };
  if (!who.aptoVence) return { allowed: false, reason: cm.sinApto };
  if (who.aptoVence < today) return { allowed: false, reason: cm.aptoVencido(who.aptoVence) };
  return { allowed: true, reason: cm.alDia(who.paidUntil) };
}

/** How the door was given the person: the portal QR, a DNI (normalized, valid), or a code from the typed search. */
export type DoorInput = { qr: string } | { dni: string } | { idUsuario: string };

/**
 * The door: finds the person by their portal QR, DNI or (typed search) code, says green or red
 * with the reason (amber when they already came in within DOOR_REPEAT_MINUTES), marks today's
 * booking attended, and keeps every check-in, refused ones and repeats too.
 */
export function createCheckinsService(deps: {
  repos: ClassesRepositories;
  write: AuditedWrite<ClassesRepositories>;
  peers: ClassPeers;
  readPass: (token: string) => DoorPassReading;
  clock: Clock;
  /** DOOR_REPEAT_MINUTES: a second entry of the member this soon after one that counted answers amber. */
  repeatMinutes: number;
}) {
  const { repos, write, peers, clock } = deps;

  async function find(input: DoorInput): Promise<{ channel: CheckinChannel; who?: Standing; refused?: string }> {
    if ('qr' in input) {
      const reading = deps.readPass(input.qr);
      if (!reading.ok) return { channel: 'qr', refused: reading.reason === 'vencido' ? cm.qrExpired : cm.qrInvalid };
      const who = await peers.standing({ idUsuario: reading.idUsuario });
      return who ? { channel: 'qr', who } : { channel: 'qr', refused: cm.clientNotFound };
    }
    if ('dni' in input) {
      const who = await peers.standing({ dni: input.dni });
      return who ? { channel: 'dni', who } : { channel: 'dni', refused: cm.dniNotFound };
    }
    const who = await peers.standing({ idUsuario: input.idUsuario });
    return who ? { channel: 'busqueda', who } : { channel: 'busqueda', refused: cm.clientNotFound };
  }

  return {
    async checkin(input: DoorInput): Promise<CheckinResult> {
      const found = await find(input);
      const now = clock.now();
      const today = tucumanToday(now);
      const verdict = found.who ? doorVerdict(found.who, today) : { allowed: false, reason: found.refused! };
      return write(async (r, record) => {
        const letIn = found.who && verdict.allowed ? found.who : undefined;
        // Anti-passback: the same member again within the window (today only) is amber, the desk decides.
        const since = new Date(Math.max(now.getTime() - deps.repeatMinutes * 60_000, tucumanDayStart(today).getTime()));
        const earlier = letIn ? await r.checkins.lastCounted(letIn.idUsuario, since) : undefined;
        const reason = earlier ? cm.yaIngreso(formatInstant(earlier.at).slice(-5)) : verdict.reason;
        // A class in its window is marked once: a repeat marks one the first entry came too early for.
        const next = letIn ? await r.checkins.todaysBooking(letIn.idUsuario, today, now) : undefined;
        const booking = next && (await r.checkins.markAttended(next.id)) ? next : undefined;
        const id = await r.checkins.insert({
          at: now,
          id_usuario: found.who?.idUsuario ?? null,
          channel: found.channel,
          allowed: verdict.allowed,
          is_repeat: Boolean(earlier),
          reason,
          booking_id: booking?.id ?? null,
        });
        await record({
          entity: 'ingreso',
          entityId: id,
          action: 'registrar',
          after: {
            nombre: found.who?.nombre ?? null,
            idUsuario: found.who?.idUsuario ?? null,
            canal: found.channel,
            permitido: verdict.allowed,
            motivo: reason,
          },
        });
        return {
          allowed: verdict.allowed,
          repeat: Boolean(earlier),
          reason,
          cliente: found.who
            ? { idUsuario: found.who.idUsuario, nombre: found.who.nombre, plan: found.who.nombrePlan }
            : null,
          clase: booking ? { discipline: booking.discipline, starts: booking.starts } : null,
          at: now.toISOString(),
        };
      });
    },

    /** The day's check-ins, newest first (today by default). */
    async list(dia?: IsoDate): Promise<CheckinEntry[]> {
      const day = dia ?? tucumanToday(clock.now());
      const entries = await repos.checkins.between(tucumanDayStart(day), tucumanDayStart(addDays(day, 1)));
      const names = await peers.names(entries.flatMap((e) => (e.idUsuario ? [e.idUsuario] : [])));
      return entries.map(({ idUsuario, ...e }) => ({
        id: e.id,
        at: e.at,
        idUsuario,
        nombre: idUsuario ? (names.get(idUsuario) ?? null) : null,
        channel: e.channel,
        allowed: e.allowed,
        repeat: e.repeat,
        reason: e.reason,
      }));
    },

    /** Clients by name, code or DNI (the text trimmed); under two characters, nobody. */
    async search(text: string) {
      return text.length < 2 ? [] : peers.search(text);
    },

    /** Sets or clears a client's DNI (the clients' module records it in the trail). */
    async setDni(idUsuario: string, dni: string | null): Promise<{ dni: string | null }> {
      const changed = await peers.setDni(idUsuario, dni);
      if (changed === 'taken') throw new Conflict(cm.dniTaken, { dni: cm.dniTaken });
      if (changed === 'not-found') throw new NotFound(cm.clientNotFound);
      return { dni };
    },
  };
}

export type CheckinsService = ReturnType<typeof createCheckinsService>;
