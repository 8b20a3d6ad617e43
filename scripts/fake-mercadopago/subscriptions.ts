// Mercado Pago Suscripciones in the local fake (issue 45): preapprovals (create, get, search, PUT
// amount or status), the page where the member authorises one, and its authorised payments (one per
// billing cycle, each with its payment and the provider's retries), notified signed as
// `subscription_preapproval` and `subscription_authorized_payment`. A test advances a cycle, retries
// a rejected charge and sends notifications in order, reversed or duplicated through the controls.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { FakePayment } from './server';

export interface FakePreapproval {
  id: string;
  status: 'pending' | 'authorized' | 'paused' | 'cancelled';
  reason: string;
  external_reference: string;
  payer_email: string;
  back_url: string;
  init_point: string;
  auto_recurring: { frequency: number; frequency_type: string; transaction_amount: number; currency_id: string };
  date_created: string;
  last_modified: string;
  next_payment_date: string | null;
}

/** An authorised payment (the provider's "invoice" of one billing cycle) and its latest payment. */
export interface FakeAuthorizedPayment {
  id: number;
  preapproval_id: string;
  type: 'scheduled';
  /** scheduled, processed (charged, or given up after the retries), recycling (rejected, to retry), cancelled. */
  status: 'scheduled' | 'processed' | 'recycling' | 'cancelled';
  transaction_amount: number;
  currency_id: string;
  reason: string;
  external_reference: string;
  date_created: string;
  last_modified: string;
  debit_date: string;
  retry_attempt: number;
  next_retry_date: string | null;
  payment: { id: number; status: string; status_detail: string } | null;
}

export type Topic = 'subscription_preapproval' | 'subscription_authorized_payment';
export interface Notification {
  type: Topic;
  id: string | number;
}

/** How many times the provider charges a rejected cycle again before giving it up (its documented 4). */
export const MAX_RETRIES = 4;

export interface FakeSubscriptions {
  preapprovals: Map<string, FakePreapproval>;
  authorizedPayments: Map<number, FakeAuthorizedPayment>;
  /** The member at the provider's page pressing "Autorizar": authorised, notified, and where they go back to. */
  authorize(preapprovalId: string): Promise<string>;
  /**
   * One billing cycle: an authorised payment charged now (approved or rejected), its notification
   * sent unless `notify: false`. `amount` (pesos) and `debitDate` stand in for a provider that
   * charges another amount or twice in a month.
   */
  cycle(
    preapprovalId: string,
    options?: { outcome?: 'approved' | 'rejected'; notify?: boolean; amount?: number; debitDate?: string },
  ): Promise<FakeAuthorizedPayment>;
  /** The provider's retry of a rejected cycle: a new payment on the same authorised payment. */
  retry(
    authorizedPaymentId: number,
    options?: { outcome?: 'approved' | 'rejected'; notify?: boolean },
  ): Promise<FakeAuthorizedPayment>;
  /** Sends notifications one after another (reversed: last first), each `times` times; their statuses. */
  send(
    notifications: Notification[],
    options?: { times?: number; reversed?: boolean; forge?: boolean },
  ): Promise<number[]>;
}

interface Context {
  url: () => string;
  payments: Map<number, FakePayment>;
  nextPaymentId: () => number;
  /** Where notifications go (the application's webhook, set in the provider's panel). */
  webhookUrl: () => string | undefined;
  signedPost: (target: URL, dataId: string, type: Topic, forge: boolean) => Promise<number>;
  /** Work done after answering (the provider notifies on its own time); idle() waits for it. */
  later: (work: () => Promise<unknown>) => void;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** Answers and says the request was handled. */
const reply = (res: http.ServerResponse, status: number, body: unknown) => {
  json(res, status, body);
  return true;
};
const pesos = (n: number) => Math.round(n * 100) / 100;

export function fakeSubscriptions(ctx: Context) {
  const preapprovals = new Map<string, FakePreapproval>();
  const authorizedPayments = new Map<number, FakeAuthorizedPayment>();
  let nextAuthorized = 7_000_000_001;

  async function send(
    notifications: Notification[],
    { times = 1, reversed = false, forge = false }: { times?: number; reversed?: boolean; forge?: boolean } = {},
  ): Promise<number[]> {
    const target = ctx.webhookUrl();
    if (!target) return notifications.map(() => 0);
    const statuses: number[] = [];
    for (const n of reversed ? [...notifications].reverse() : notifications) {
      const at = new URL(target);
      at.searchParams.set('data.id', String(n.id));
      at.searchParams.set('type', n.type);
      for (let i = 0; i < times; i++) statuses.push(await ctx.signedPost(at, String(n.id), n.type, forge));
    }
    return statuses;
  }

  function charge(ap: FakeAuthorizedPayment, outcome: 'approved' | 'rejected') {
    const now = new Date().toISOString();
    const payment: FakePayment = {
      id: ctx.nextPaymentId(),
      status: outcome,
      status_detail: outcome === 'approved' ? 'accredited' : 'cc_rejected_insufficient_amount',
      transaction_amount: ap.transaction_amount,
      currency_id: ap.currency_id,
      external_reference: ap.external_reference,
      date_created: now,
      date_approved: outcome === 'approved' ? now : null,
      preference_id: '',
      notification_url: '',
    };
    ctx.payments.set(payment.id, payment);
    ap.payment = { id: payment.id, status: payment.status, status_detail: payment.status_detail };
    ap.status = outcome === 'approved' || ap.retry_attempt >= MAX_RETRIES ? 'processed' : 'recycling';
    ap.next_retry_date = ap.status === 'recycling' ? new Date(Date.now() + 2 * 86_400_000).toISOString() : null;
    ap.last_modified = now;
  }

  const preapprovalNote = (p: FakePreapproval): Notification => ({ type: 'subscription_preapproval', id: p.id });
  const chargeNote = (ap: FakeAuthorizedPayment): Notification => ({
    type: 'subscription_authorized_payment',
    id: ap.id,
  });

  const api: FakeSubscriptions = {
    preapprovals,
    authorizedPayments,
    async authorize(preapprovalId) {
      const p = preapprovals.get(preapprovalId);
      if (!p) throw new Error(`no preapproval ${preapprovalId}`);
      p.status = 'authorized';
      p.last_modified = new Date().toISOString();
      await send([preapprovalNote(p)]);
      const back = new URL(p.back_url);
      back.searchParams.set('preapproval_id', p.id);
      return back.toString();
    },
    async cycle(preapprovalId, { outcome = 'approved', notify = true, amount, debitDate } = {}) {
      const p = preapprovals.get(preapprovalId);
      if (!p) throw new Error(`no preapproval ${preapprovalId}`);
      if (p.status !== 'authorized') throw new Error(`preapproval ${preapprovalId} is ${p.status}`);
      const now = new Date().toISOString();
      const ap: FakeAuthorizedPayment = {
        id: nextAuthorized++,
        preapproval_id: p.id,
        type: 'scheduled',
        status: 'scheduled',
        transaction_amount: pesos(amount ?? p.auto_recurring.transaction_amount),
        currency_id: p.auto_recurring.currency_id,
        reason: p.reason,
        external_reference: p.external_reference,
        date_created: now,
        last_modified: now,
        debit_date: debitDate ?? now,
        retry_attempt: 0,
        next_retry_date: null,
        payment: null,
      };
      authorizedPayments.set(ap.id, ap);
      charge(ap, outcome);
      if (notify) await send([chargeNote(ap)]);
      return ap;
    },
    async retry(authorizedPaymentId, { outcome = 'approved', notify = true } = {}) {
      const ap = authorizedPayments.get(authorizedPaymentId);
      if (!ap) throw new Error(`no authorized payment ${authorizedPaymentId}`);
      if (ap.status !== 'recycling') throw new Error(`authorized payment ${authorizedPaymentId} is ${ap.status}`);
      ap.retry_attempt++;
      charge(ap, outcome);
      if (notify) await send([chargeNote(ap)]);
      return ap;
    },
    send,
  };

  function create(body: Partial<FakePreapproval>): FakePreapproval {
    const id = randomBytes(16).toString('hex');
    const now = new Date().toISOString();
    const recurring = body.auto_recurring!;
    const p: FakePreapproval = {
      id,
      status: 'pending',
      reason: String(body.reason ?? ''),
      external_reference: String(body.external_reference ?? ''),
      payer_email: String(body.payer_email ?? ''),
      back_url: String(body.back_url ?? ''),
      init_point: `${ctx.url()}/subscriptions/checkout?preapproval_id=${id}`,
      auto_recurring: { ...recurring, transaction_amount: pesos(recurring.transaction_amount) },
      date_created: now,
      last_modified: now,
      next_payment_date: now,
    };
    preapprovals.set(id, p);
    return p;
  }

  /** The provider's own paths (behind the access token). */
  async function handleApi(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    here: URL,
    body: () => Promise<string>,
  ): Promise<boolean> {
    const path = here.pathname;
    if (req.method === 'POST' && path === '/preapproval') {
      const input = JSON.parse((await body()) || '{}') as Partial<FakePreapproval>;
      const recurring = input.auto_recurring;
      if (!input.payer_email || !input.back_url || !recurring || !(recurring.transaction_amount > 0))
        return reply(res, 400, { message: 'invalid preapproval', status: 400 });
      return reply(res, 201, create(input));
    }
    if (req.method === 'GET' && path === '/preapproval/search') {
      const q = here.searchParams;
      const results = [...preapprovals.values()].filter(
        (p) =>
          (!q.get('external_reference') || p.external_reference === q.get('external_reference')) &&
          (!q.get('payer_email') || p.payer_email === q.get('payer_email')) &&
          (!q.get('status') || p.status === q.get('status')),
      );
      return reply(res, 200, { paging: { total: results.length, limit: 50, offset: 0 }, results });
    }
    const one = /^\/preapproval\/([0-9a-f]{32})$/.exec(path);
    if (one && (req.method === 'GET' || req.method === 'PUT')) {
      const p = preapprovals.get(one[1]!);
      if (!p) return reply(res, 404, { message: 'Preapproval not found', status: 404 });
      if (req.method === 'PUT') {
        const change = JSON.parse((await body()) || '{}') as {
          status?: FakePreapproval['status'];
          auto_recurring?: { transaction_amount?: number };
        };
        if (p.status === 'cancelled') return reply(res, 400, { message: 'Preapproval cancelled', status: 400 });
        if (change.status) p.status = change.status;
        if (change.auto_recurring?.transaction_amount)
          p.auto_recurring.transaction_amount = pesos(change.auto_recurring.transaction_amount);
        p.last_modified = new Date().toISOString();
        ctx.later(() => send([preapprovalNote(p)]));
      }
      return reply(res, 200, p);
    }
    if (req.method === 'GET' && path === '/authorized_payments/search') {
      const preapprovalId = here.searchParams.get('preapproval_id');
      const results = [...authorizedPayments.values()]
        .filter((ap) => !preapprovalId || ap.preapproval_id === preapprovalId)
        .sort((a, b) => b.id - a.id);
      return reply(res, 200, { paging: { total: results.length, limit: 50, offset: 0 }, results });
    }
    const charged = /^\/authorized_payments\/(\d+)$/.exec(path);
    if (req.method === 'GET' && charged) {
      const ap = authorizedPayments.get(Number(charged[1]));
      return ap ? reply(res, 200, ap) : reply(res, 404, { message: 'Authorized payment not found', status: 404 });
    }
    return false;
  }

  /** The member's page (no token: the provider's own session) and the tests' controls. */
  async function handleOpen(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    here: URL,
    body: () => Promise<string>,
  ): Promise<boolean> {
    const path = here.pathname;
    if (req.method === 'GET' && path === '/subscriptions/checkout') {
      const p = preapprovals.get(here.searchParams.get('preapproval_id') ?? '');
      if (!p) return reply(res, 404, { message: 'preapproval not found' });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="es"><head><title>Mercado Pago (simulado)</title></head><body>
<h1>Suscribite con Mercado Pago (simulado)</h1>
<p data-testid="mp-subscription">${p.reason.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}: $ ${p.auto_recurring.transaction_amount.toFixed(2)} por mes</p>
<form method="post" action="/subscriptions/checkout/authorize"><input type="hidden" name="preapproval_id" value="${p.id}">
<button type="submit">Autorizar el débito</button></form>
</body></html>`);
      return true;
    }
    if (req.method === 'POST' && path === '/subscriptions/checkout/authorize') {
      const id = new URLSearchParams(await body()).get('preapproval_id') ?? '';
      if (!preapprovals.has(id)) return reply(res, 404, { message: 'preapproval not found' });
      res.writeHead(302, { location: await api.authorize(id) });
      res.end();
      return true;
    }
    if (req.method !== 'POST' || !path.startsWith('/__control/')) return false;
    const cycle = /^\/__control\/preapproval\/([0-9a-f]{32})\/cycle$/.exec(path);
    const retry = /^\/__control\/authorized_payments\/(\d+)\/retry$/.exec(path);
    // Only its own controls: the payments' (server.ts) carry a plain-text body, not JSON.
    if (!cycle && !retry && path !== '/__control/notifications') return false;
    const input = JSON.parse((await body()) || '{}') as Record<string, unknown>;
    try {
      if (cycle) return reply(res, 200, await api.cycle(cycle[1]!, input));
      if (retry) return reply(res, 200, await api.retry(Number(retry[1]), input));
    } catch (err) {
      return reply(res, 404, { message: String(err) });
    }
    if (path === '/__control/notifications') {
      const {
        notifications = [],
        times,
        reversed,
        forge,
      } = input as {
        notifications?: Notification[];
        times?: number;
        reversed?: boolean;
        forge?: boolean;
      };
      return reply(res, 200, { statuses: await send(notifications, { times, reversed, forge }) });
    }
    return false;
  }

  return { api, handleApi, handleOpen };
}
