import { randomBytes } from 'node:crypto';
import {
  ARREPENTIMIENTO_DAYS,
  arrepentimientoOutcomeText,
  consumerMessages as m,
  type ArrepentimientoInput,
  type ArrepentimientoOutcome,
  type BajaInput,
  type BajaTarget,
  type ConsumerReceipt,
} from '@gym/contracts/consumer-requests';
import { tucumanToday, type IsoDate } from '@gym/contracts/membership-dates';
import { paidOnline } from '@gym/contracts/orders';
import type { StaffAccount } from '@gym/contracts/accounts';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { Conflict, NotFound } from '../../shared/errors';
import type { Mailer, OutgoingMail } from '../../shared/mailer';
import { currentContext } from '../../shared/request-context';
import type { AuditRecorder } from '../audit';
import type { ClientReads } from '../clients';
import type { MembershipReads } from '../memberships';
import type { OrdersService } from '../orders';
import { arrepentimientoMail, bajaMail } from './consumer-requests.mail';
import type { ConsumerRequestsRepository } from './consumer-requests.repository';

/** What a baja that matched a member tells the modules that charge them (the automatic debit stops). */
export interface BajaRequested {
  codigo: string;
  idUsuario: string;
  que: BajaTarget[];
  /** The member keeps what they paid for until this day; nothing is charged after the request. */
  efectivaDesde: IsoDate;
}
export type BajaListener = (baja: BajaRequested) => Promise<void>;

/** The payments module's refund of a paid Mercado Pago order (absent without Mercado Pago configured). */
export interface OrderRefunds {
  refundOrder(numero: string, account: StaffAccount): Promise<unknown>;
}

const DAY_MS = 86_400_000;
const ACTOR = 'Botón de arrepentimiento';
/** The payments module names who refunded from a staff account: here the buyer did, with the button. */
const BUYER: StaffAccount = { _id: 'arrepentimiento', name: ACTOR, lastname: '', email: '', role: 'recepcion' };
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "BAJA-7K2M-9QXD": 40 random bits, no 0/O or 1/I to misread over the phone. */
function newCode(prefix: string): string {
  const chars = [...randomBytes(8)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

const staffName = (a: StaffAccount) => `${a.name} ${a.lastname}`.trim() || a.email;

/**
 * Disposición 954/2025: the Botón de baja and the Botón de arrepentimiento. Both answer at once with a
 * code (on screen and by e-mail), store who asked, when, what, and from where, with an audit row in
 * the same transaction.
 */
export function createConsumerRequestsService(deps: {
  repo: ConsumerRequestsRepository;
  clients: ClientReads;
  memberships: MembershipReads;
  orders: OrdersService;
  refunds?: OrderRefunds;
  audit: AuditRecorder;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  siteUrl: string;
  listeners: BajaListener[];
}) {
  const { repo, clock, logger } = deps;
  const where = () => {
    const { ip, userAgent } = currentContext();
    return { ip: ip ?? null, userAgent: userAgent ?? null };
  };
  const send = (mail: OutgoingMail) =>
    deps.mailer.send(mail).catch((err: unknown) => logger.warn({ err }, 'consumer request mail not sent'));

  /** The member a baja is about: one in the lists first, else an archived one (still answered). */
  async function memberOf(contacto: string) {
    const found = await deps.clients.byContact(contacto);
    const chosen = found.find((c) => !c.archived) ?? found[0];
    if (!chosen) return undefined;
    const today = tucumanToday(clock.now());
    const membership = await deps.memberships.onDay(chosen.idUsuario, today);
    const paidUntil = membership?.paidUntil ?? null;
    const client = await deps.clients.byId(chosen.idUsuario, { archived: true });
    return {
      idUsuario: chosen.idUsuario,
      archived: chosen.archived,
      correo: client?.correo ?? null,
      efectivaDesde: paidUntil !== null && paidUntil > today ? paidUntil : today,
    };
  }

  async function tellListeners(baja: BajaRequested) {
    for (const listener of deps.listeners) {
      try {
        await listener(baja);
      } catch (err) {
        logger.error({ err, codigo: baja.codigo }, 'a baja listener failed');
      }
    }
  }

  /** Whom the buyer reached: the order's token (its page), or its number and the buyer's e-mail. */
  async function orderOf(input: ArrepentimientoInput) {
    if (input.t) return deps.orders.storedWithToken(input.numero, input.t);
    const order = await deps.orders.stored(input.numero);
    if (!order || order.comprador.email.toLowerCase() !== input.email?.toLowerCase())
      throw new NotFound(m.orderNotFound);
    return order;
  }

  /** Writes the request and its audit row in `trx`. */
  async function recordArrepentimiento(
    trx: Knex,
    codigo: string,
    order: { numero: string; comprador: { email: string }; pago: string },
    outcome: ArrepentimientoOutcome,
  ) {
    const inserted = await repo.insertArrepentimiento(trx, {
      codigo,
      numero: order.numero,
      email: order.comprador.email,
      pago: order.pago,
      outcome,
      ...where(),
      now: clock.now(),
    });
    if (!inserted) throw new Conflict(m.alreadyAsked);
    await deps.audit.record(trx, {
      entity: 'arrepentimiento',
      entityId: codigo,
      action: 'pedir',
      after: { numero: order.numero, pago: order.pago, resultado: outcome },
    });
  }

  /** A paid Mercado Pago order goes back through the provider; if it cannot now, the desk does it. */
  async function refundOnline(numero: string): Promise<ArrepentimientoOutcome> {
    if (!deps.refunds) return 'reembolso-pendiente';
    try {
      await deps.refunds.refundOrder(numero, BUYER);
    } catch (err) {
      logger.warn({ err: String(err), numero }, 'arrepentimiento refund failed: left for the desk');
      return 'reembolso-pendiente';
    }
    await repo.transaction((trx) =>
      repo.resolve(trx, numero, 'reembolso-pendiente', { outcome: 'reembolsado', by: ACTOR, now: clock.now() }),
    );
    return 'reembolsado';
  }

  return {
    async requestBaja(input: BajaInput): Promise<ConsumerReceipt> {
      const codigo = newCode('BAJA');
      const member = await memberOf(input.contacto);
      await repo.transaction(async (trx) => {
        await repo.insertBaja(trx, {
          codigo,
          nombre: input.nombre,
          contacto: input.contacto,
          que: input.que,
          motivo: input.motivo,
          idUsuario: member?.idUsuario ?? null,
          efectivaDesde: member?.efectivaDesde ?? null,
          ...where(),
          now: clock.now(),
        });
        await deps.audit.record(trx, {
          entity: 'baja',
          entityId: codigo,
          action: 'pedir',
          after: {
            que: input.que,
            idUsuario: member?.idUsuario ?? null,
            archivado: member?.archived ?? false,
            efectivaDesde: member?.efectivaDesde ?? null,
          },
        });
      });
      if (member)
        await tellListeners({
          codigo,
          idUsuario: member.idUsuario,
          que: input.que,
          efectivaDesde: member.efectivaDesde,
        });
      const address = input.contacto.includes('@') ? input.contacto : member?.correo;
      if (address) void send(bajaMail({ codigo, nombre: input.nombre, que: input.que, address, at: clock.now() }));
      return { codigo, message: m.bajaDone };
    },

    async withdraw(input: ArrepentimientoInput): Promise<ConsumerReceipt> {
      const order = await orderOf(input);
      if (order.estado === 'cancelado') throw new Conflict(m.alreadyCancelled);
      if (await repo.arrepentimientoOf(order.numero)) throw new Conflict(m.alreadyAsked);
      const from = Date.parse(order.entregado?.at ?? order.createdAt);
      if (clock.now().getTime() > from + ARREPENTIMIENTO_DAYS * DAY_MS) throw new Conflict(m.tooLate);
      const codigo = newCode('ARR');
      let outcome: ArrepentimientoOutcome;
      if (order.estado === 'pendiente') {
        outcome = 'cancelado';
        await deps.orders.withdraw(order.numero, ACTOR, {
          run: (trx) => recordArrepentimiento(trx, codigo, order, outcome),
          audit: { arrepentimiento: codigo },
        });
      } else {
        await repo.transaction((trx) => recordArrepentimiento(trx, codigo, order, 'reembolso-pendiente'));
        outcome = paidOnline(order) ? await refundOnline(order.numero) : 'reembolso-pendiente';
      }
      void send(arrepentimientoMail({ codigo, order, outcome, siteUrl: deps.siteUrl }));
      return { codigo, message: `${m.arrepentimientoDone} ${arrepentimientoOutcomeText[outcome]}` };
    },

    /** The desk gave the money back (and has the goods): the order cancelled, its stock returned. */
    async settleAtDesk(numero: string, account: StaffAccount) {
      const request = await repo.arrepentimientoOf(numero);
      if (!request) throw new NotFound(m.orderNotFound);
      if (request.outcome !== 'reembolso-pendiente') throw new Conflict(m.notPending);
      const by = staffName(account);
      await deps.orders.withdraw(numero, by, {
        run: async (trx) => {
          const moved = await repo.resolve(trx, numero, 'reembolso-pendiente', {
            outcome: 'devuelto',
            by,
            now: clock.now(),
          });
          if (!moved) throw new Conflict(m.notPending);
        },
        audit: { arrepentimiento: request.codigo, devuelto: true },
      });
      return (await repo.arrepentimientoOf(numero))!;
    },

    bajas: () => repo.bajas(200),
    arrepentimientos: () => repo.arrepentimientos(200),
    latestBajaOf: (idUsuario: string) => repo.latestBajaOf(idUsuario),
  };
}

export type ConsumerRequestsService = ReturnType<typeof createConsumerRequestsService>;
