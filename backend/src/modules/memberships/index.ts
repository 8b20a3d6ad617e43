import type { RequestHandler } from 'express';
import type { Knex } from 'knex';
import type { IsoDate } from '@gym/contracts/membership-dates';
import type { Membership } from '@gym/contracts/memberships';
import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import { queuedMailer } from '../../shared/mail-retry';
import type { Mailer } from '../../shared/mailer';
import { createAuditRecorder, type AuditRecorder } from '../audit';
import { clientReads, type ClientReads } from '../clients';
import { messagesServiceFor, type MessagesService } from '../messages';
import { messagingServiceFor, type MessagingService } from '../messaging';
import { planReads, type PlanReads } from '../plans';
import { incomeReader } from '../reports';
import { invoiceOutbox, invoiceReads, type InvoiceOutbox, type InvoiceReads } from '../invoices';
import type { AppConfig } from '../../config';
import { createDeskRepository } from './desk.repository';
import { createDeskService } from './desk.service';
import { createMembershipsController } from './memberships.controller';
import { createMembershipsRepository, toMembership } from './memberships.repository';
import { membershipsRoutes } from './memberships.routes';
import { createMembershipsService, type MembershipsService } from './memberships.service';
import type { ReceiptGym } from './receipt-pdf';
import { createRemindersRepository } from './reminders.repository';
import { createRemindersService } from './reminders.service';

/**
 * What other modules read of the memberships (the door, a class booking): a client's membership as
 * it stands on a day (paid-until, state, an open pause, the apto físico), or null with none. `q`: a
 * transaction to read in, when the caller holds one (PGlite has a single connection).
 */
export function membershipReads(db: Knex) {
  const memberships = createMembershipsRepository(db);
  return {
    async onDay(idUsuario: string, day: IsoDate, q: Knex = db): Promise<Membership | null> {
      const row = await memberships.find(q, idUsuario);
      return row ? toMembership(row, day) : null;
    },
    /** The members paid up to `day` or later and not paused, with the day their membership started. */
    async activeOn(day: IsoDate): Promise<{ idUsuario: string; since: IsoDate }[]> {
      const rows: { id_usuario: string; since: string }[] = await db({ m: 'memberships' })
        .where('m.paid_until', '>=', day)
        .whereNotExists(
          db('membership_pauses').whereRaw('membership_pauses.id_usuario = m.id_usuario').whereNull('ended_on'),
        )
        .select('m.id_usuario', db.raw('m.start_date::text AS since'));
      return rows.map((r) => ({ idUsuario: r.id_usuario, since: r.since }));
    },
  };
}

export type MembershipReads = ReturnType<typeof membershipReads>;

/**
 * For the clients' delete (a client with no payments, in the clients' transaction `trx`): the
 * membership, its pauses and its reminders go before the client's row.
 */
export function forgetMembership(trx: Knex.Transaction, idUsuario: string): Promise<void> {
  return createMembershipsRepository(trx).forget(trx, idUsuario);
}

/** What reminders link to: the members' portal, and whether it takes Mercado Pago (its credentials are set). */
export const reminderPortal = (config: AppConfig) => ({
  url: `${config.orders.siteUrl}/socio`,
  mercadoPago: config.mercadoPago !== undefined,
});

function remindersService(
  db: Knex,
  messages: MessagesService,
  clock: Clock,
  audit: AuditRecorder,
  portal: ReturnType<typeof reminderPortal>,
  whatsapp?: Pick<MessagingService, 'queueWhatsapp'>,
) {
  return createRemindersService({
    reminders: createRemindersRepository(db),
    messages,
    transaction: (work) => db.transaction(work),
    clock,
    audit,
    portal,
    whatsapp,
  });
}

/** For the daily job, which has no app around it. */
export function createRemindersServiceFor(deps: {
  db: Knex;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  config: AppConfig;
}) {
  const audit = createAuditRecorder(deps.clock);
  const clients = clientReads(deps.db);
  const messages = messagesServiceFor({ ...deps, audit, clients });
  const whatsapp = messagingServiceFor({ ...deps, audit, clients });
  return remindersService(deps.db, messages, deps.clock, audit, reminderPortal(deps.config), whatsapp);
}

/** What a receipt prints of the gym: the display name of MAIL_FROM ("Gimnasio Tucumán") and GYM_ADDRESS. */
export function receiptGym(config: AppConfig): ReceiptGym {
  return {
    name: config.mail.from.replace(/\s*<[^>]*>\s*$/, '').replace(/"/g, '') || 'Gimnasio',
    address: config.orders.pickup.address,
  };
}

/** The memberships service alone, for a job that has no app around it (the payments' reconciliation). */
export function membershipsServiceFor(deps: {
  db: Knex;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  config: AppConfig;
}) {
  const { db, clock, mailer, config } = deps;
  return createMembershipsService({
    memberships: createMembershipsRepository(db),
    reminders: createRemindersRepository(db),
    clients: clientReads(db),
    plans: planReads(db),
    clock,
    audit: createAuditRecorder(clock),
    gym: receiptGym(config),
    mailer,
    outbox: queuedMailer(deps),
    siteUrl: config.orders.siteUrl,
    invoices: invoiceOutbox(db, clock, config),
    invoiceReads: invoiceReads(db, config.invoicing),
  });
}

export function membershipsModule(
  deps: {
    db: Knex;
    clock: Clock;
    messages: MessagesService;
    audit: AuditRecorder;
    clients: ClientReads;
    plans: PlanReads;
    gym: ReceiptGym;
    mailer: Mailer;
    logger: Logger;
    siteUrl: string;
    /** Where reminders send members: reminderPortal(config). */
    portal: ReturnType<typeof reminderPortal>;
    /** invoiceOutbox(config): undefined while invoicing is off. */
    invoices?: InvoiceOutbox;
    /** invoiceReads(db, config.invoicing): receipts print their payment's authorised invoice. */
    invoiceReads?: InvoiceReads;
    /** The WhatsApp outbox (messaging): reminders go by WhatsApp to members who opted in. */
    whatsapp?: Pick<MessagingService, 'queueWhatsapp'>;
  },
  requireStaff: RequestHandler,
) {
  const { db, clock } = deps;
  const memberships = createMembershipsService({
    memberships: createMembershipsRepository(db),
    reminders: createRemindersRepository(db),
    clients: deps.clients,
    plans: deps.plans,
    clock,
    audit: deps.audit,
    gym: deps.gym,
    mailer: deps.mailer,
    outbox: queuedMailer(deps),
    siteUrl: deps.siteUrl,
    invoices: deps.invoices,
    invoiceReads: deps.invoiceReads,
    whatsapp: deps.whatsapp,
  });
  const desk = createDeskService({ desk: createDeskRepository(db), income: incomeReader(db), db, clock });
  const reminders = remindersService(db, deps.messages, clock, deps.audit, deps.portal, deps.whatsapp);
  // What must follow a pause or a resumption at once (the automatic debit), told after it is stored.
  const pauseListeners: ((idUsuario: string) => Promise<void>)[] = [];
  const told = async <T>(idUsuario: string, done: T) => {
    for (const listener of pauseListeners) await listener(idUsuario);
    return done;
  };
  const desking: MembershipsService = {
    ...memberships,
    pause: (idUsuario, motivo) => memberships.pause(idUsuario, motivo).then((detail) => told(idUsuario, detail)),
    resume: (idUsuario) => memberships.resume(idUsuario).then((detail) => told(idUsuario, detail)),
  };
  return {
    router: membershipsRoutes(createMembershipsController({ memberships: desking, desk, reminders }), requireStaff),
    memberships,
    /**
     * Registers what follows a member's pause or resumption at once (app.ts: the automatic debit
     * pauses or resumes its preapproval). A listener must not throw: it logs and leaves the rest to
     * the reconciliation job.
     */
    onPauseChanged(listener: (idUsuario: string) => Promise<void>) {
      pauseListeners.push(listener);
    },
  };
}

export type { MembershipsService } from './memberships.service';
export type { ReceiptGym } from './receipt-pdf';
