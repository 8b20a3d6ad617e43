import type { Knex } from 'knex';
import { clientMessages } from '@gym/contracts/clients';
import {
  membershipMessages as m,
  type ReminderChannel,
  type ReminderOutcome,
  type ReminderStatus,
} from '@gym/contracts/memberships';
import { APTO_REMINDER_DAYS_BEFORE, REMINDER_DAYS_BEFORE, REMINDER_QUIET_DAYS } from '@gym/contracts/membership-rules';
import { formatDate, type IsoDate } from '@gym/contracts/membership-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { centavos } from '@gym/contracts/money';
import { fillTemplate } from '@gym/contracts/whatsapp';
import { whatsappLink } from '../../shared/whatsapp';
import { reminderPortalLine, renderTemplate } from './reminder-text';
import type { Clock } from '../../clock';
import { NotFound, ValidationFailed } from '../../shared/errors';
import { firstName } from '../../shared/ids';
import type { AuditRecorder } from '../audit';
import type { MessagesService } from '../messages';
import type { MessagingService } from '../messaging';
import { reminderOutboxKey, type ReminderTarget, type RemindersRepository } from './reminders.repository';

/** The daily job's name in job_runs. */
export const REMINDERS_JOB = 'recordatorios-de-vencimiento';

/**
 * Reminders from editable templates: e-mails go through the messages service (so they are in the
 * message history with their outcome), WhatsApp ones are click-to-chat links; both are logged in
 * the client's history. The daily job's e-mails are queued in the one outbox (issue 46); the desk's
 * button sends at once, since a person waits for each member's outcome.
 */
export function createRemindersService(deps: {
  reminders: RemindersRepository;
  messages: MessagesService;
  transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;
  clock: Clock;
  /** One audit row per sending: staff's request, or the daily job (its actor `job:…`). */
  audit: AuditRecorder;
  /** The members' portal (`…/socio`) every reminder links to, and whether it takes Mercado Pago. */
  portal: { url: string; mercadoPago: boolean };
  /** The WhatsApp outbox: the daily job queues a template for members who opted in; the rest get e-mail as ever. */
  whatsapp?: Pick<MessagingService, 'queueWhatsapp'>;
}) {
  const { reminders, messages, transaction, clock } = deps;

  /** The template filled in for this client, then the portal's line (not editable: it follows the config). */
  const textOf = (target: ReminderTarget, template: string) =>
    `${renderTemplate(template, { nombre: target.nombre, plan: target.nombrePlan, vence: target.paidUntil })}\n\n` +
    reminderPortalLine(deps.portal.url, deps.portal.mercadoPago);

  const mailOf = (target: ReminderTarget, text: string) => ({
    input: { user_name: target.nombre, user_email: target.correo, user_message: text, idUsuario: target.idUsuario },
    mail: { subject: m.reminderSubject, text: `${text}\n\nGimnasio Tucumán\n` },
  });

  /**
   * The desk's "send reminders" button: a person waits and sees each member's outcome, so the mail
   * is sent at once and a refusal shows as 'fallido' there (like the contact form), not queued.
   */
  async function email(target: ReminderTarget, template: string): Promise<ReminderOutcome> {
    const text = textOf(target, template);
    const { input, mail } = mailOf(target, text);
    const message = await messages.deliver(input, mail);
    const status = message.status === 'fallido' ? 'fallido' : 'enviado';
    await transaction((trx) =>
      reminders.insert(trx, { ...logOf(target, 'email', false, text, status), messageId: message.id }, clock.now()),
    );
    return { idUsuario: target.idUsuario, nombre: target.nombre, status, link: null };
  }

  /**
   * The daily job's e-mail, through the one outbox: in one transaction the client's reminder log,
   * the message history's row and the outbox mail keyed `recordatorio:<idUsuario>:<paidUntil>` (a
   * rerun or a crash never sends twice). Both rows read their status from the outbox row: 'en cola'
   * until the dispatcher or `reintentar-correos` sends it ('enviado') or gives up ('fallido').
   * Null when the period already had its automatic reminder (another run got there first).
   */
  async function queueEmail(target: ReminderTarget, template: string): Promise<ReminderOutcome | null> {
    const text = textOf(target, template);
    const { input, mail } = mailOf(target, text);
    const outboxKey = reminderOutboxKey(target.idUsuario, target.paidUntil);
    try {
      await transaction(async (trx) => {
        const message = await messages.queue(trx, input, mail, outboxKey);
        const log = { ...logOf(target, 'email', true, text, 'en cola'), messageId: message.id, outboxKey };
        if (!(await reminders.insert(trx, log, clock.now()))) throw new AlreadyReminded();
      });
    } catch (err) {
      if (err instanceof AlreadyReminded) return null;
      throw err;
    }
    return { idUsuario: target.idUsuario, nombre: target.nombre, status: 'en cola', link: null };
  }

  async function whatsapp(target: ReminderTarget, template: string): Promise<ReminderOutcome> {
    const text = textOf(target, template);
    const link = whatsappLink(target.celular, text);
    if (!link) return { idUsuario: target.idUsuario, nombre: target.nombre, status: 'sin-numero', link: null };
    await transaction((trx) =>
      reminders.insert(trx, { ...logOf(target, 'whatsapp', false, text, 'abierto'), messageId: null }, clock.now()),
    );
    return { idUsuario: target.idUsuario, nombre: target.nombre, status: 'abierto', link };
  }

  /** The WhatsApp template queued (once per member and paid-until), or null: the caller e-mails as ever. */
  async function viaWhatsapp(
    target: ReminderTarget,
    template: 'cuota_por_vencer' | 'cuota_vencida',
  ): Promise<ReminderOutcome | null> {
    if (!deps.whatsapp || !target.paidUntil) return null;
    const vence = target.paidUntil.split('-').reverse().join('/');
    const params =
      template === 'cuota_por_vencer'
        ? [target.nombre, target.nombrePlan, vence, formatMoney(centavos(Number(target.cuotaMensualCentavos)))]
        : [target.nombre, target.nombrePlan, vence];
    const key = `${template}:${target.idUsuario}:${target.paidUntil}`;
    const queued = await deps.whatsapp.queueWhatsapp({ clientId: target.idUsuario, template, params, key });
    if (!queued.queued) return null;
    if (template === 'cuota_por_vencer') {
      const text = fillTemplate(template, params);
      await transaction((trx) =>
        reminders.insert(trx, { ...logOf(target, 'whatsapp', true, text, 'enviado'), messageId: null }, clock.now()),
      );
    }
    return { idUsuario: target.idUsuario, nombre: target.nombre, status: 'enviado', link: null };
  }

  /**
   * `apto_por_vencer` for every opted-in member whose apto físico ends within a week, once per apto
   * date (a new apto is a new date, so a new message). Nobody else is told: the desk's lists show it.
   */
  async function aptoByWhatsapp(today: IsoDate): Promise<number> {
    if (!deps.whatsapp) return 0;
    let queued = 0;
    for (const target of await reminders.aptoEnding(today, APTO_REMINDER_DAYS_BEFORE)) {
      const outcome = await deps.whatsapp.queueWhatsapp({
        clientId: target.idUsuario,
        template: 'apto_por_vencer',
        params: [firstName(target.nombre), formatDate(target.aptoVence)],
        key: `apto_por_vencer:${target.idUsuario}:${target.aptoVence}`,
      });
      if (outcome.queued && !outcome.duplicate) queued++;
    }
    return queued;
  }

  return {
    templates: () => reminders.templates(),

    async saveTemplate(channel: ReminderChannel, text: string) {
      await transaction(async (trx) => {
        await reminders.saveTemplate(trx, channel, text, clock.now());
        await deps.audit.record(trx, { entity: 'plantilla', entityId: channel, action: 'editar', after: { text } });
      });
      return (await reminders.templates()).find((t) => t.channel === channel)!;
    },

    /** Every named client must exist, or nothing is sent. */
    async send(input: { channel: ReminderChannel; ids: readonly string[] }): Promise<ReminderOutcome[]> {
      const ids = [...new Set(input.ids)];
      const targets = await reminders.targets(ids);
      if (targets.length !== ids.length) throw new NotFound(clientMessages.notFound);
      const { channel } = input;
      const template = await reminders.template(channel);
      if (!template) throw new ValidationFailed(m.templateRequired);
      const outcomes: ReminderOutcome[] = [];
      for (const target of targets) {
        outcomes.push(channel === 'email' ? await email(target, template) : await whatsapp(target, template));
      }
      const after = { canal: channel, clientes: outcomes.map((o) => ({ idUsuario: o.idUsuario, estado: o.status })) };
      await transaction((trx) =>
        deps.audit.record(trx, { entity: 'recordatorio', entityId: channel, action: 'enviar', after }),
      );
      return outcomes;
    },

    /**
     * The daily job: whoever's plan ends within three days is reminded once per paid-until, by a
     * WhatsApp template when they opted in and WhatsApp is set up, by e-mail otherwise; one audit row.
     * With WhatsApp, members whose plan ended in the last three days get the "cuota vencida" template,
     * and those whose apto físico ends within a week "apto por vencer". `sent`: the reminders queued
     * for sending (e-mails in the outbox, WhatsApp templates in theirs); `settled`: earlier e-mails
     * whose outcome was copied from the outbox into the histories, before it purges them.
     */
    async sendAutomatic(
      today: IsoDate,
    ): Promise<{ sent: number; settled?: number; whatsapp?: number; aptoPorVencer?: number }> {
      const settled = (await messages.settleQueued()) + (await reminders.settleQueued());
      const settledResult = settled ? { settled } : {};
      const apto = await aptoByWhatsapp(today);
      const aptoResult = apto ? { aptoPorVencer: apto } : {};
      let overdue = 0;
      if (deps.whatsapp)
        for (const target of await reminders.overdue(today, REMINDER_DAYS_BEFORE))
          if (await viaWhatsapp(target, 'cuota_vencida')) overdue++;
      const quietSince = new Date(clock.now().getTime() - REMINDER_QUIET_DAYS * 86_400_000);
      const due = await reminders.dueForAutomatic(today, REMINDER_DAYS_BEFORE, quietSince);
      if (due.length === 0) return { sent: 0, ...settledResult, ...(overdue && { whatsapp: overdue }), ...aptoResult };
      const template = await reminders.template('email');
      const outcomes: ReminderOutcome[] = [];
      let whatsapp = overdue;
      for (const target of due) {
        const queued = await viaWhatsapp(target, 'cuota_por_vencer');
        if (queued) whatsapp++;
        const outcome = queued ?? (await queueEmail(target, template));
        if (outcome) outcomes.push(outcome);
      }
      const after = {
        canal: 'email',
        automatico: true,
        ...(whatsapp && { porWhatsapp: whatsapp }),
        clientes: outcomes.map((o) => ({ idUsuario: o.idUsuario, estado: o.status })),
      };
      await transaction((trx) =>
        deps.audit.record(trx, { entity: 'recordatorio', entityId: 'email', action: 'enviar', after }),
      );
      return { sent: outcomes.length, ...settledResult, ...(whatsapp && { whatsapp }), ...aptoResult };
    },
  };
}

const logOf = (
  target: ReminderTarget,
  channel: ReminderChannel,
  automatic: boolean,
  text: string,
  status: ReminderStatus,
) => ({ idUsuario: target.idUsuario, channel, automatic, paidUntil: target.paidUntil, text, status });

/** The period already had its automatic reminder: the transaction is rolled back, nothing queued. */
class AlreadyReminded extends Error {}

export type RemindersService = ReturnType<typeof createRemindersService>;
