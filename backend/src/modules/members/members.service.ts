import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { clientMessages } from '@gym/contracts/clients';
import { formatPlanNumber } from '@gym/contracts/plans';
import {
  MEMBER_LINK_MINUTES,
  MEMBER_PAYMENTS_SHOWN,
  MEMBER_SESSION_DAYS,
  memberAccessText,
  memberMessages as m,
  type MemberAccessChannel,
  type MemberAccessSent,
  type MemberPortal,
} from '@gym/contracts/members';
import { paymentMethodLabels } from '@gym/contracts/memberships';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { whatsappLink } from '../../shared/whatsapp';
import type { Clock } from '../../clock';
import {
  Conflict,
  NotFound,
  TooManyRequests,
  Unauthorized,
  UpstreamFailed,
  ValidationFailed,
} from '../../shared/errors';
import type { Mailer } from '../../shared/mailer';
import type { Throttle } from '../../shared/throttle';
import { newToken } from '../../shared/tokens';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import type { MembershipsService } from '../memberships';
import type { PlanReads } from '../plans';
import type { MembersRepository } from './members.repository';
import { firstName } from '../../shared/ids';

const DAY_MS = 86_400_000;
/** A link's token is 43 base64url characters; anything else is not one of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface MembersServiceDeps {
  db: Knex;
  members: MembersRepository;
  clients: ClientReads;
  plans: PlanReads;
  memberships: MembershipsService;
  mailer: Mailer;
  throttle: Throttle;
  clock: Clock;
  audit: AuditRecorder;
  logger: Logger;
  siteUrl: string;
  contact: MemberPortal['contact'];
  /** MEMBER_SESSION_MAX_DAYS: a session ends this long after its link opened it, used or not. */
  sessionMaxDays: number;
}

export function createMembersService(deps: MembersServiceDeps) {
  const { db, members, clients, clock, audit } = deps;
  const linkExpiry = (now: Date) => new Date(now.getTime() + MEMBER_LINK_MINUTES * 60_000);
  const sessionExpiry = (now: Date) =>
    new Date(now.getTime() + Math.min(MEMBER_SESSION_DAYS, deps.sessionMaxDays) * DAY_MS);
  const linkUrl = (token: string) => `${deps.siteUrl}/socio/entrar#${token}`;

  /** A new single-use link for a client (its token stored hashed): the portal's address with it. */
  async function newLink(idUsuario: string) {
    const token = newToken();
    const now = clock.now();
    await members.insertLink(token, idUsuario, now, linkExpiry(now));
    return linkUrl(token);
  }

  async function mail(to: { name: string; address: string }, text: string) {
    await deps.mailer.send({ to, subject: 'Tu acceso a tu cuenta del gimnasio', text });
  }

  return {
    /** Staff: sends a client the door to the portal, by e-mail or as a WhatsApp link to open. */
    async sendAccess(idUsuario: string, channel: MemberAccessChannel): Promise<MemberAccessSent> {
      const client = await clients.byId(idUsuario, { archived: true });
      if (!client) throw new NotFound(clientMessages.notFound);
      if (!(await clients.byId(idUsuario))) throw new Conflict(m.archived);
      if (channel === 'email' && !client.correo) throw new Conflict(m.noEmail);
      const text = memberAccessText(firstName(client.nombre), await newLink(idUsuario));
      let whatsappUrl: string | null = null;
      if (channel === 'whatsapp') {
        whatsappUrl = whatsappLink(client.celular, text);
        if (!whatsappUrl) throw new Conflict(m.noPhone);
      } else {
        try {
          await mail({ name: client.nombre, address: client.correo }, text);
        } catch (err) {
          deps.logger.warn({ err, idUsuario }, 'member access e-mail not sent');
          throw new UpstreamFailed(m.accessNotSent);
        }
      }
      await db.transaction((trx) =>
        audit.record(trx, { entity: 'socio', entityId: idUsuario, action: 'enviar_acceso', after: { canal: channel } }),
      );
      return { channel, whatsappUrl };
    },

    /**
     * A member asking for a link by e-mail. The answer is the same whether or not the e-mail is a
     * client's, and the mail goes out after the answer, so neither its words nor its timing tell.
     */
    async requestLink(email: string, ip: string): Promise<{ message: string }> {
      if (!(await deps.throttle.memberLink(email, ip))) {
        throw new TooManyRequests(m.tooMany, deps.throttle.retryAfterSeconds);
      }
      const found = await clients.byEmail(email);
      void (async () => {
        for (const client of found) {
          const text = memberAccessText(firstName(client.nombre), await newLink(client.idUsuario));
          await mail({ name: client.nombre, address: email }, text);
        }
      })().catch((err: unknown) => deps.logger.warn({ err }, 'member link e-mail not sent'));
      return { message: m.requestSent };
    },

    /** Opens a session with a link's token; the link is used up. Returns the session's token. */
    async openLink(token: string): Promise<string> {
      if (!TOKEN.test(token)) throw new ValidationFailed(m.linkInvalid);
      const session = newToken();
      const now = clock.now();
      const idUsuario = await members.useLink(token, session, now, sessionExpiry(now));
      if (!idUsuario) throw new ValidationFailed(m.linkInvalid);
      return session;
    },

    /**
     * The member of a session token, its time moved on; undefined when it is not one. A session that
     * ran out (30 days unused, or MEMBER_SESSION_MAX_DAYS since it opened) is 401 with the words
     * that send the member for a new link.
     */
    async authenticate(token: string): Promise<string | undefined> {
      const now = clock.now();
      const idUsuario = await members.touchSession(token, now, sessionExpiry(now), deps.sessionMaxDays);
      if (!idUsuario && (await members.sessionRanOut(token, now, deps.sessionMaxDays))) {
        throw new Unauthorized(m.sessionExpired);
      }
      return idUsuario;
    },

    async portal(idUsuario: string): Promise<MemberPortal> {
      const client = await clients.byId(idUsuario);
      if (!client) throw new NotFound(clientMessages.notFound);
      const [detail, plan] = await Promise.all([deps.memberships.detail(idUsuario), deps.plans.byId(client.plan)]);
      const ms = detail.membership;
      return {
        idUsuario,
        nombre: client.nombre,
        plan: plan
          ? { numero: formatPlanNumber(plan.idPlan), nombre: plan.nombrePlan, cuotaCentavos: plan.cuotaMensualCentavos }
          : null,
        state: ms?.state ?? null,
        paidUntil: ms?.paidUntil ?? null,
        pausedSince: ms?.pausedSince ?? null,
        today: tucumanToday(clock.now()),
        apto: { vence: ms?.aptoVence ?? null, valido: ms?.aptoValido ?? false },
        payments: detail.payments.slice(0, MEMBER_PAYMENTS_SHOWN).map((p) => ({
          id: p.id,
          receipt: p.receipt,
          periodFrom: p.periodFrom,
          periodTo: p.periodTo,
          amountCentavos: p.amountCentavos,
          method: p.method,
          metodo: paymentMethodLabels[p.method],
          createdAt: p.createdAt,
          anulado: p.voidedAt !== null,
        })),
        pauses: detail.pauses.map((p) => ({ startedOn: p.startedOn, endedOn: p.endedOn, motivo: p.motivo })),
        contact: deps.contact,
      };
    },

    /** The member's own receipt (another member's is 404, like an unknown one). */
    receipt: (id: string, idUsuario: string) => deps.memberships.receipt(id, idUsuario),

    /** The member leaves: the session ends, recorded with the member as actor. */
    async signOut(token: string, idUsuario: string): Promise<void> {
      await db.transaction(async (trx) => {
        await members.deleteSession(trx, token);
        await audit.record(trx, { entity: 'socio', entityId: idUsuario, action: 'salir', member: idUsuario });
      });
    },

    /** Staff: ends every session and unused link of a member. */
    async endSessions(idUsuario: string): Promise<{ message: string }> {
      const client = await clients.byId(idUsuario, { archived: true });
      if (!client) throw new NotFound(clientMessages.notFound);
      const ended = await db.transaction(async (trx) => {
        const count = await members.endAll(trx, idUsuario, clock.now());
        await audit.record(trx, {
          entity: 'socio',
          entityId: idUsuario,
          action: 'cerrar_sesiones',
          after: { sesiones: count },
        });
        return count;
      });
      return { message: m.sessionsEnded(ended) };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
