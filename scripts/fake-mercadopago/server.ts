// A local stand-in for Mercado Pago (issue 29), for the tests and `make dev`: the same paths and
// shapes for preferences, payments, payment search and refunds, a checkout page where the person
// (or the test) chooses approve / pending / reject, and notifications signed as the provider signs
// them. It signs with its own code, from the provider's documentation, never with the API's: a
// mistake in ours must show up as a refused notification, not be copied here.
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fakeSubscriptions, type FakeSubscriptions, type Topic } from './subscriptions';

interface Preference {
  id: string;
  items: { title: string; quantity: number; unit_price: number; currency_id: string }[];
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  notification_url: string;
}

export interface FakePayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  currency_id: string;
  external_reference: string;
  date_created: string;
  date_approved: string | null;
  preference_id: string;
  notification_url: string;
}

export interface FakeRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: string;
}

export interface FakeMercadoPago {
  url: string;
  payments: Map<number, FakePayment>;
  /** Every refund made, by its idempotency key: the same key twice is one refund. */
  refunds: Map<string, FakeRefund>;
  /** Sends the payment's notification `times` times (duplicates), signed, or with a forged signature. */
  notify(paymentId: number, options?: { times?: number; forge?: boolean }): Promise<number[]>;
  /** Changes a payment as the provider would later (pending → approved), without notifying. */
  setStatus(paymentId: number, status: string): void;
  /** Suscripciones: preapprovals, their authorised payments, billing cycles and their notifications. */
  subscriptions: FakeSubscriptions;
  /** Resolves once every notification the checkout page scheduled has been delivered. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeMercadoPago(options: {
  accessToken: string;
  webhookSecret: string;
  port?: number;
  /** Seconds or milliseconds in the signature's ts (the provider has sent both). */
  tsUnit?: 's' | 'ms';
  /** The certificate an https notification_url is trusted with (the browser tests' own). */
  ca?: Buffer;
  /** The application's webhook (set in the provider's panel): where subscriptions' notifications go. */
  webhookUrl?: string;
  /** Milliseconds before each API answer (a provider far away: the reconciliation's bench uses 150). */
  latencyMs?: number;
}): Promise<FakeMercadoPago> {
  const preferences = new Map<string, Preference>();
  const payments = new Map<number, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const scheduled = new Set<Promise<void>>();
  let nextPayment = 1_000_000_001;
  let nextRefund = 5_000_001;
  let url = '';

  async function sendNotification(payment: FakePayment, forge: boolean): Promise<number> {
    const target = new URL(payment.notification_url);
    target.searchParams.set('data.id', String(payment.id));
    target.searchParams.set('type', 'payment');
    return signedPost(target, String(payment.id), 'payment', forge);
  }

  /** A notification about `dataId`, signed over it and a fresh request id (or with another secret: forged). */
  function signedPost(target: URL, dataId: string, type: 'payment' | Topic, forge: boolean): Promise<number> {
    const requestId = randomUUID();
    const now = Date.now();
    const ts = options.tsUnit === 's' ? String(Math.floor(now / 1000)) : String(now);
    const manifest = `id:${dataId};request-id:${requestId};ts:${ts};`;
    const secret = forge ? 'not-the-secret' : options.webhookSecret;
    const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
    const body = JSON.stringify({
      action: type === 'payment' ? 'payment.updated' : 'updated',
      api_version: 'v1',
      data: { id: dataId },
      date_created: new Date(now).toISOString(),
      id: Math.floor(now / 1000),
      live_mode: false,
      type,
    });
    const headers = {
      'content-type': 'application/json',
      'x-signature': `ts=${ts},v1=${v1}`,
      'x-request-id': requestId,
    };
    return post(target, headers, body);
  }

  /** POSTs a notification (http, or https trusting `ca`); its status, 0 when nobody answered. */
  function post(target: URL, headers: Record<string, string>, body: string): Promise<number> {
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve) => {
      const req = client.request(target, { method: 'POST', headers, ca: options.ca, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(0));
      req.end(body);
    });
  }

  const subscriptions = fakeSubscriptions({
    url: () => url,
    payments,
    nextPaymentId: () => nextPayment++,
    webhookUrl: () => options.webhookUrl,
    signedPost,
    later: (work) => {
      const done = new Promise<void>((resolve) => setTimeout(() => void work().finally(resolve), 20));
      scheduled.add(done);
      void done.then(() => scheduled.delete(done));
    },
  });

  const authorized = (req: http.IncomingMessage) => req.headers.authorization === `Bearer ${options.accessToken}`;

  /** Each API call waits this long first (the bench's 150 ms provider); `/__control/latency` changes it. */
  let latencyMs = options.latencyMs ?? 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const here = new URL(req.url ?? '/', url);
      const path = here.pathname;
      let text: Promise<string> | undefined;
      const body = () => (text ??= readBody(req));
      if (await subscriptions.handleOpen(req, res, here, body)) return;
      if (req.method === 'GET' && path === '/checkout/v1/redirect') {
        const preference = preferences.get(here.searchParams.get('pref_id') ?? '');
        if (!preference) return json(res, 404, { message: 'preference not found' });
        const total = preference.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="es"><head><title>Mercado Pago (simulado)</title></head><body>
<h1>Pagá con Mercado Pago (simulado)</h1>
<p data-testid="mp-total">Total: $ ${total.toFixed(2)}</p>
<ul>${preference.items.map((i) => `<li>${escapeHtml(i.title)} × ${i.quantity}</li>`).join('')}</ul>
${['approved', 'pending', 'rejected']
  .map(
    (
      status,
    ) => `<form method="post" action="/checkout/v1/pay"><input type="hidden" name="pref_id" value="${preference.id}">
<input type="hidden" name="status" value="${status}"><button type="submit">${
      { approved: 'Aprobar el pago', pending: 'Dejarlo pendiente', rejected: 'Rechazar el pago' }[status]
    }</button></form>`,
  )
  .join('\n')}
</body></html>`);
      }
      if (req.method === 'POST' && path === '/checkout/v1/pay') {
        const form = new URLSearchParams(await body());
        const preference = preferences.get(form.get('pref_id') ?? '');
        const status = form.get('status') ?? '';
        if (!preference || !['approved', 'pending', 'rejected'].includes(status))
          return json(res, 400, { message: 'bad request' });
        const now = new Date().toISOString();
        const payment: FakePayment = {
          id: nextPayment++,
          status,
          status_detail: {
            approved: 'accredited',
            pending: 'pending_waiting_payment',
            rejected: 'cc_rejected_other_reason',
          }[status]!,
          transaction_amount:
            Math.round(preference.items.reduce((s, i) => s + i.unit_price * i.quantity, 0) * 100) / 100,
          currency_id: 'ARS',
          external_reference: preference.external_reference,
          date_created: now,
          date_approved: status === 'approved' ? now : null,
          preference_id: preference.id,
          notification_url: preference.notification_url,
        };
        payments.set(payment.id, payment);
        // The provider notifies on its own time, after the buyer is on their way back.
        const delivered = new Promise<void>((resolve) =>
          setTimeout(() => void sendNotification(payment, false).finally(resolve), 50),
        );
        scheduled.add(delivered);
        void delivered.then(() => scheduled.delete(delivered));
        const back = new URL(
          {
            approved: preference.back_urls.success,
            pending: preference.back_urls.pending,
            rejected: preference.back_urls.failure,
          }[status]!,
        );
        for (const [key, value] of Object.entries({
          collection_id: String(payment.id),
          collection_status: status,
          payment_id: String(payment.id),
          status,
          external_reference: preference.external_reference,
          preference_id: preference.id,
        }))
          back.searchParams.set(key, value);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      // The tests' controls (never the provider's): notify again, forged or not; change a payment later.
      if (req.method === 'POST' && path === '/__control/latency') {
        latencyMs = Math.max(0, Number((JSON.parse((await body()) || '{}') as { ms?: number }).ms ?? 0));
        return json(res, 200, { latencyMs });
      }
      const control = /^\/__control\/payments\/(\d+)\/(notify|status)$/.exec(path);
      if (req.method === 'POST' && control) {
        const id = Number(control[1]);
        if (!payments.has(id)) return json(res, 404, { message: 'no such payment' });
        if (control[2] === 'status') {
          setStatus(id, (await body()).trim());
          return json(res, 200, payments.get(id));
        }
        const times = Number(here.searchParams.get('times') ?? 1);
        const forge = here.searchParams.get('forge') === '1';
        return json(res, 200, { statuses: await notify(id, { times, forge }) });
      }

      if (!authorized(req)) return json(res, 401, { message: 'invalid access token', status: 401 });
      if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (await subscriptions.handleApi(req, res, here, body)) return;
      if (req.method === 'POST' && path === '/checkout/preferences') {
        const input = JSON.parse((await body()) || '{}') as Omit<Preference, 'id'>;
        const id = `${Date.now()}-${randomUUID()}`;
        preferences.set(id, { ...input, id });
        const initPoint = `${url}/checkout/v1/redirect?pref_id=${id}`;
        return json(res, 201, { id, init_point: initPoint, sandbox_init_point: initPoint, ...input });
      }
      if (req.method === 'GET' && path === '/v1/payments/search') {
        const reference = here.searchParams.get('external_reference');
        const results = [...payments.values()]
          .filter((p) => !reference || p.external_reference === reference)
          .sort((a, b) => b.date_created.localeCompare(a.date_created) || b.id - a.id);
        return json(res, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
      }
      const one = /^\/v1\/payments\/(\d+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const payment = payments.get(Number(one[1]));
        return payment ? json(res, 200, payment) : json(res, 404, { message: 'Payment not found', status: 404 });
      }
      const refund = /^\/v1\/payments\/(\d+)\/refunds$/.exec(path);
      if (req.method === 'POST' && refund) {
        const key = String(req.headers['x-idempotency-key'] ?? '');
        const payment = payments.get(Number(refund[1]));
        if (!payment) return json(res, 404, { message: 'Payment not found', status: 404 });
        if (!key) return json(res, 400, { message: 'X-Idempotency-Key required', status: 400 });
        const done = refunds.get(key);
        if (done) return json(res, 201, done);
        if (payment.status !== 'approved') return json(res, 400, { message: 'Payment not refundable', status: 400 });
        payment.status = 'refunded';
        const made: FakeRefund = {
          id: nextRefund++,
          payment_id: payment.id,
          amount: payment.transaction_amount,
          status: 'approved',
        };
        refunds.set(key, made);
        return json(res, 201, made);
      }
      return json(res, 404, { message: 'not found', status: 404 });
    })().catch((err: unknown) => json(res, 500, { message: String(err) }));
  });

  const notify: FakeMercadoPago['notify'] = async (paymentId, { times = 1, forge = false } = {}) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    return Promise.all(Array.from({ length: times }, () => sendNotification(payment, forge)));
  };
  const setStatus: FakeMercadoPago['setStatus'] = (paymentId, status) => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    payment.status = status;
    if (status === 'approved') payment.date_approved = new Date().toISOString();
  };

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    payments,
    refunds,
    notify,
    setStatus,
    subscriptions: subscriptions.api,
    idle: async () => {
      await Promise.all([...scheduled]);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
