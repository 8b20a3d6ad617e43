import type { RequestHandler } from 'express';
import {
  aptoSchema,
  membershipMessages,
  membershipQuerySchema,
  pauseSchema,
  paymentSchema,
  receiptSendSchema,
  REMINDER_CHANNELS,
  reminderTemplateSchema,
  sendRemindersSchema,
  voidPaymentSchema,
  type ReminderChannel,
} from '@gym/contracts/memberships';
import { NotFound } from '../../shared/errors';
import { validate } from '../../http/validate';
import type { DeskService } from './desk.service';
import type { DeskPayment, MembershipsService } from './memberships.service';
import type { RemindersService } from './reminders.service';

const isChannel = (channel: unknown): channel is ReminderChannel =>
  REMINDER_CHANNELS.includes(channel as ReminderChannel);

export function createMembershipsController(deps: {
  memberships: MembershipsService;
  desk: DeskService;
  reminders: RemindersService;
}) {
  const { memberships, desk, reminders } = deps;
  const handlers = {
    dashboard: async (_req, res) => {
      res.json(await desk.dashboard());
    },
    statuses: async (_req, res) => {
      res.json(await desk.statuses());
    },
    list: async (req, res) => {
      res.json(await desk.list(validate(membershipQuerySchema, req.query)));
    },
    csv: async (req, res) => {
      const { filename, body } = await desk.csv(validate(membershipQuerySchema, req.query));
      res.type('text/csv; charset=utf-8').attachment(filename).send(body);
    },
    detail: async (req, res) => {
      res.json(await memberships.detail(String(req.params.idUsuario)));
    },
    /** `amountCentavos`: whole centavos, as Payment answers it; the schema allows only the desk's methods. */
    pay: async (req, res) => {
      const input = validate(paymentSchema, req.body);
      const payment: DeskPayment = { ...input, method: input.method as DeskPayment['method'] };
      res.status(201).json(await memberships.pay(String(req.params.idUsuario), payment));
    },
    pause: async (req, res) => {
      const { motivo } = validate(pauseSchema, req.body);
      res.json(await memberships.pause(String(req.params.idUsuario), motivo));
    },
    resume: async (req, res) => {
      res.json(await memberships.resume(String(req.params.idUsuario)));
    },
    apto: async (req, res) => {
      const { fecha, vence } = validate(aptoSchema, req.body);
      res.json(await memberships.setApto(String(req.params.idUsuario), { fecha, vence: vence || undefined }));
    },
    receipt: async (req, res) => {
      const { filename, pdf } = await memberships.receipt(String(req.params.id));
      res.type('application/pdf').attachment(filename).send(pdf);
    },
    sendReceipt: async (req, res) => {
      const { channel } = validate(receiptSendSchema, req.body);
      res.json(await memberships.sendReceipt(String(req.params.id), channel));
    },
    voidPayment: async (req, res) => {
      const { reason } = validate(voidPaymentSchema, req.body);
      res.json(await memberships.voidPayment(String(req.params.id), reason));
    },
    templates: async (_req, res) => {
      res.json({ templates: await reminders.templates() });
    },
    /** An unknown channel is 404 before the body is read. */
    saveTemplate: async (req, res) => {
      const { channel } = req.params;
      if (!isChannel(channel)) throw new NotFound(membershipMessages.channelInvalid);
      const { text } = validate(reminderTemplateSchema, req.body);
      res.json({ template: await reminders.saveTemplate(channel, text) });
    },
    remind: async (req, res) => {
      const { channel, ids } = validate(sendRemindersSchema, req.body);
      res.json({ reminders: await reminders.send({ channel: channel as ReminderChannel, ids }) });
    },
  } satisfies Record<string, RequestHandler>;
  return handlers;
}
