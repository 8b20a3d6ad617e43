import type { RequestHandler } from 'express';
import type { DeskService } from './desk.service';
import type { MembershipsService } from './memberships.service';
import type { RemindersService } from './reminders.service';

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
      res.json(await desk.list(req.query));
    },
    csv: async (req, res) => {
      const { filename, body } = await desk.csv(req.query);
      res.type('text/csv; charset=utf-8').attachment(filename).send(body);
    },
    detail: async (req, res) => {
      res.json(await memberships.detail(req.params.idUsuario));
    },
    pay: async (req, res) => {
      res.status(201).json(await memberships.pay(req.params.idUsuario, req.body));
    },
    pause: async (req, res) => {
      res.json(await memberships.pause(req.params.idUsuario, req.body));
    },
    resume: async (req, res) => {
      res.json(await memberships.resume(req.params.idUsuario));
    },
    apto: async (req, res) => {
      res.json(await memberships.setApto(req.params.idUsuario, req.body));
    },
    receipt: async (req, res) => {
      const { filename, pdf } = await memberships.receipt(req.params.id);
      res.type('application/pdf').attachment(filename).send(pdf);
    },
    sendReceipt: async (req, res) => {
      res.json(await memberships.sendReceipt(req.params.id, req.body));
    },
    voidPayment: async (req, res) => {
      res.json(await memberships.voidPayment(req.params.id, req.body));
    },
    templates: async (_req, res) => {
      res.json({ templates: await reminders.templates() });
    },
    saveTemplate: async (req, res) => {
      res.json({ template: await reminders.saveTemplate(req.params.channel, req.body) });
    },
    remind: async (req, res) => {
      res.json({ reminders: await reminders.send(req.body) });
    },
  } satisfies Record<string, RequestHandler>;
  return handlers;
}
