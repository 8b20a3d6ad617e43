import type { RequestHandler } from 'express';
import { paymentMessages } from '@gym/contracts/orders';
import { renewalSchema } from '@gym/contracts/members';
import { currentAccount } from '../../http/auth';
import { validate } from '../../http/validate';
import { Unauthorized } from '../../shared/errors';
import { toWireOrder } from '../orders';
import type { DebitsService } from './debits.service';
import { isSubscriptionNotification } from './mercadopago';
import type { PaymentsService } from './payments.service';

const member = (locals: Record<string, unknown>) => locals.member as string;
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
/** The buyer's token, sent in the body (`t`): text or nothing. */
const tokenOf = (body: unknown) => {
  const t = (body as { t?: unknown } | null | undefined)?.t;
  return typeof t === 'string' ? t : undefined;
};

export function createPaymentsController(service: PaymentsService, debits?: DebitsService) {
  /**
   * The provider's notification: 401 when forged or stale (it will not be applied, whatever it
   * says), 200 for everything else we read back, so the provider stops retrying; a provider that
   * cannot be read answers 500 and it retries later.
   */
  const webhook: RequestHandler = async (req, res) => {
    // Behind nginx the provider's x-request-id (part of what it signs) arrives as x-original-request-id.
    const requestId = header(req.headers['x-original-request-id']) ?? header(req.headers['x-request-id']);
    const notification = {
      headers: { 'x-signature': header(req.headers['x-signature']), 'x-request-id': requestId },
      query: req.query as Record<string, unknown>,
      body: req.body,
    };
    // Automatic debits' topics (subscription_*) go to their service, which checks the same signature.
    const result =
      debits && isSubscriptionNotification(notification)
        ? await debits.notify(notification)
        : await service.notify(notification);
    if (result === 'forged') throw new Unauthorized(paymentMessages.badSignature);
    res.json({ ok: true });
  };

  return {
    webhook,
    checkoutOrder: (async (req, res) => {
      res.status(201).json(await service.checkoutOrder(req.params.numero, tokenOf(req.body)));
    }) as RequestHandler<{ numero: string }>,
    orderStatus: (async (req, res) => {
      res.json(await service.orderStatus(req.params.numero, tokenOf(req.body)));
    }) as RequestHandler<{ numero: string }>,
    refundOrder: (async (req, res) => {
      const { order, message } = await service.refundOrder(req.params.numero, currentAccount(res));
      res.json({ order: toWireOrder(order), message });
    }) as RequestHandler<{ numero: string }>,
    startRenewal: (async (req, res) => {
      const { meses } = validate(renewalSchema, req.body);
      res.status(201).json(await service.startRenewal(member(res.locals), meses));
    }) as RequestHandler,
    memberRefunds: (async (req, res) => {
      res.json({ reembolsos: await service.memberRefunds(req.params.idUsuario) });
    }) as RequestHandler<{ idUsuario: string }>,
    latestRenewal: (async (_req, res) => {
      res.json({ pago: await service.latestRenewal(member(res.locals)) });
    }) as RequestHandler,
  };
}
