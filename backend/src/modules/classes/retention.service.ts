import { addDays, daysBetween, tucumanDayStart, tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import {
  BLOCK_DAYS,
  RISK_NO_SHOWS,
  RISK_WINDOW_DAYS,
  retentionMessages as rm,
  type MemberAtRisk,
  type MembersAtRiskPage,
  type RiskReason,
} from '@gym/contracts/retention';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import { firstName } from '../../shared/ids';
import { currentContext } from '../../shared/request-context';
import type { AuditedWrite } from '../audit';
import type { MessagingService } from '../messaging';
import type { Contact } from './peers';
import type { NoShow, RetentionRepository } from './retention.repository';

/** AUSENCIA_DIAS and NO_SHOWS_BLOQUEO. */
export interface RetentionSettings {
  /** No visit in this many days puts an active member on the list. */
  absenceDays: number;
  /** This many no-shows in 30 days block booking for 7 days from the last one. */
  noShowsBlock: number;
}

/** A member's booking block: they may book again on `until`. */
export interface BookingBlock {
  until: IsoDate;
  noShows: number;
}

/** How far back a no-show may still count for a block that has not ended (7 days + 30 days before). */
export const blockLookBack = (today: IsoDate): IsoDate => addDays(today, -(BLOCK_DAYS + RISK_WINDOW_DAYS - 1));

/**
 * The block of one member from their counting no-shows (newest first): blocked when, in the 30 days
 * up to their last no-show, they missed at least `threshold` booked classes, until 7 days after it.
 */
export function blockFrom(noShows: readonly NoShow[], today: IsoDate, threshold: number): BookingBlock | null {
  const last = noShows[0]?.day;
  if (!last) return null;
  const until = addDays(last, BLOCK_DAYS);
  if (today >= until) return null;
  const windowStart = addDays(last, -(RISK_WINDOW_DAYS - 1));
  const count = noShows.filter((n) => n.day >= windowStart && n.day <= last).length;
  return count >= threshold ? { until, noShows: count } : null;
}

/** What the list reads of other modules: the active members, and the names of clients in the lists. */
export interface RetentionPeers {
  /** Members whose membership is paid up to `day` or later and not paused, with the day it started. */
  activeMembers(day: IsoDate): Promise<{ idUsuario: string; since: IsoDate }[]>;
  /** These clients (not archived) by code. */
  contacts(ids: readonly string[]): Promise<Map<string, Contact>>;
}

export interface RetentionDeps {
  repos: { retention: RetentionRepository };
  write: AuditedWrite<{ retention: RetentionRepository }>;
  peers: RetentionPeers;
  clock: Clock;
  settings: RetentionSettings;
  /** The WhatsApp outbox: the win-back message (`socio_te_extranamos`); undefined, not set up. */
  whatsapp?: Pick<MessagingService, 'queueWhatsapp'>;
}

/** A member at risk, with the day their membership started (the days away of one who never came). */
type Assessed = Omit<MemberAtRisk, 'nombre'> & { since: IsoDate };

const byRisk = (a: MemberAtRisk, b: MemberAtRisk) =>
  b.motivos.length - a.motivos.length ||
  Number(b.bloqueadoHasta !== null) - Number(a.bloqueadoHasta !== null) ||
  (a.ultimaVisita ?? '').localeCompare(b.ultimaVisita ?? '') ||
  b.ausentes30 - a.ausentes30 ||
  a.nombre.localeCompare(b.nombre, 'es');

/**
 * Members who stop coming (issue 46), from the door's check-ins and the class bookings: no visit in
 * AUSENCIA_DIAS days (`ausencia`), visits in the last 30 days at most half their monthly average of
 * the two months before (`baja`), 2 or more no-shows in 30 days (`ausentes`); and the no-show rule.
 */
export function createRetentionService(deps: RetentionDeps) {
  const { repos, clock, settings } = deps;
  const today = () => tucumanToday(clock.now());

  async function blockOf(idUsuario: string): Promise<BookingBlock | null> {
    const day = today();
    return blockFrom(await repos.retention.noShowsOf(idUsuario, blockLookBack(day)), day, settings.noShowsBlock);
  }

  /** The active members (or only `only` of them) at risk, unsorted and unnamed. */
  async function assess(only?: readonly string[]): Promise<Assessed[]> {
    const day = today();
    const recentFrom = addDays(day, -(RISK_WINDOW_DAYS - 1));
    const beforeFrom = addDays(recentFrom, -2 * RISK_WINDOW_DAYS);
    const active = (await deps.peers.activeMembers(day)).filter((a) => !only || only.includes(a.idUsuario));
    const ids = active.map((a) => a.idUsuario);
    const [visits, noShows] = await Promise.all([
      repos.retention.visits(ids, tucumanDayStart(beforeFrom), tucumanDayStart(recentFrom)),
      repos.retention.noShowsSince(addDays(day, -Math.max(RISK_WINDOW_DAYS - 1, BLOCK_DAYS + RISK_WINDOW_DAYS - 1))),
    ]);
    const visitsOf = new Map(visits.map((v) => [v.idUsuario, v]));
    const noShowsOf = new Map<string, NoShow[]>();
    for (const n of noShows) noShowsOf.set(n.idUsuario, [...(noShowsOf.get(n.idUsuario) ?? []), n]);
    const absentSince = addDays(day, -settings.absenceDays);

    const atRisk: Assessed[] = [];
    for (const { idUsuario, since } of active) {
      const v = visitsOf.get(idUsuario) ?? { recent: 0, before: 0, last: null };
      const mine = noShowsOf.get(idUsuario) ?? [];
      const ausentes30 = mine.filter((n) => n.day >= recentFrom).length;
      const average = v.before / 2;
      const motivos: RiskReason[] = [];
      if (v.last === null ? since <= absentSince : v.last <= absentSince) motivos.push('ausencia');
      if (average > 0 && v.recent <= average / 2) motivos.push('baja');
      if (ausentes30 >= RISK_NO_SHOWS) motivos.push('ausentes');
      if (motivos.length === 0) continue;
      const block = blockFrom(mine, day, settings.noShowsBlock);
      atRisk.push({
        idUsuario,
        since,
        motivos,
        ultimaVisita: v.last,
        visitasMes: v.recent,
        promedioMensual: Math.round(average * 10) / 10,
        ausentes30,
        bloqueadoHasta: block?.until ?? null,
      });
    }
    return atRisk;
  }

  return {
    blockOf,

    /** The active members at risk, most at risk first: the first `limit`, and how many in all. */
    async membersAtRisk(options: { limit?: number } = {}): Promise<MembersAtRiskPage> {
      const atRisk = await assess();
      const names = await deps.peers.contacts(atRisk.map((r) => r.idUsuario));
      const socios = atRisk
        .flatMap(({ since: _since, ...r }) => {
          const who = names.get(r.idUsuario);
          return who ? [{ ...r, nombre: who.nombre }] : [];
        })
        .sort(byRisk);
      return {
        socios: options.limit === undefined ? socios : socios.slice(0, options.limit),
        total: socios.length,
        ausenciaDias: settings.absenceDays,
      };
    },

    /**
     * The win-back message (`socio_te_extranamos`, a Marketing template) to a member on the list for
     * not coming (`ausencia`) who opted in to WhatsApp: queued once per member and month (its key),
     * audited; otherwise 409 saying why (no consent, WhatsApp not set up, no mobile, sent this month).
     */
    async winBack(idUsuario: string): Promise<{ message: string }> {
      const who = (await deps.peers.contacts([idUsuario])).get(idUsuario);
      if (!who) throw new NotFound(rm.clientNotFound);
      const away = (await assess([idUsuario])).find((r) => r.idUsuario === idUsuario);
      if (!away?.motivos.includes('ausencia')) throw new Conflict(rm.winBackNotAway(settings.absenceDays));
      if (!deps.whatsapp) throw new Conflict(rm.winBackNotConfigured);
      const day = today();
      const dias = daysBetween(away.ultimaVisita ?? away.since, day);
      const key = `socio_te_extranamos:${idUsuario}:${day.slice(0, 7)}`;
      const outcome = await deps.whatsapp.queueWhatsapp({
        clientId: idUsuario,
        template: 'socio_te_extranamos',
        params: [firstName(who.nombre), String(dias)],
        key,
      });
      if (!outcome.queued) {
        if (outcome.reason === 'sin-cliente') throw new NotFound(rm.clientNotFound);
        throw new Conflict(
          outcome.reason === 'no-configurado'
            ? rm.winBackNotConfigured
            : outcome.reason === 'sin-numero'
              ? rm.winBackNoPhone
              : rm.winBackNoConsent,
        );
      }
      if (outcome.duplicate) throw new Conflict(rm.winBackAlreadySent);
      // Queued outside the transaction (the outbox reads the client); the audit row follows it.
      return deps.write(async (_r, record) => {
        await record({
          entity: 'whatsapp',
          entityId: idUsuario,
          action: 'te_extranamos',
          after: { nombre: who.nombre, idUsuario, plantilla: 'socio_te_extranamos', dias, mensaje: outcome.id },
        });
        return { message: rm.winBackQueued(who.nombre) };
      });
    },

    /** The desk lifts a member's booking block: the no-shows so far stop counting; audited. */
    async lift(idUsuario: string): Promise<{ message: string }> {
      const who = (await deps.peers.contacts([idUsuario])).get(idUsuario);
      if (!who) throw new NotFound(rm.clientNotFound);
      return deps.write(async (r, record) => {
        const day = today();
        const block = blockFrom(await r.retention.noShowsOf(idUsuario, blockLookBack(day)), day, settings.noShowsBlock);
        if (!block) throw new Conflict(rm.notBlocked);
        await r.retention.insertUnblock({
          id_usuario: idUsuario,
          lifted_at: clock.now(),
          lifted_by: currentContext().actor?.id ?? null,
        });
        await record({
          entity: 'reserva',
          entityId: idUsuario,
          action: 'desbloquear',
          before: { bloqueadoHasta: block.until, ausentes: block.noShows },
          after: { nombre: who.nombre, idUsuario, bloqueadoHasta: null },
        });
        return { message: rm.lifted };
      });
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
