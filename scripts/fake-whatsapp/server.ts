// A local stand-in for the WhatsApp Cloud API (issue 46), for the tests and `make start-sandbox`: the
// messages endpoint (POST /{version}/{phone-number-id}/messages) with a template registry (name,
// language, parameter count: ./templates.ts), the 24-hour customer-service window for free text, the
// Cloud API's error codes and `wamid` ids, and a webhook emitter that posts the statuses of each
// message (sent → delivered → read, or out of order, duplicated, failed) and members' replies
// ("BAJA") to the gym's webhook, signed as Meta signs them: X-Hub-Signature-256 = sha256=HMAC-SHA256
// of the raw body with the app secret. Like Meta it escapes non-ASCII in the JSON it posts
// (\u00d1and\u00fa), so a receiver that checks the signature over a re-serialised body fails here too.
// It signs with its own code, from Meta's documentation, never with the API's.
// Its controls under /__fake/ (never Meta's) list what was sent, emit statuses and replies, and set
// the rate limit, the order of statuses and the numbers that are not on WhatsApp; GET / lists it all.
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { findTemplate, renderTemplate, WHATSAPP_TEMPLATES, type WhatsappTemplate } from './templates';

export type WaStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * How the statuses of an accepted message are posted: `in-order` sent, delivered, read (one POST each);
 * `out-of-order` read, sent, delivered; `reversed` read, delivered, sent; `duplicated` each twice;
 * `batched` all three in one POST; `failed` sent then failed (131026); `none` nothing (the test emits).
 */
export type WaStatusMode = 'in-order' | 'out-of-order' | 'reversed' | 'duplicated' | 'batched' | 'failed' | 'none';
const STATUS_MODES: WaStatusMode[] = [
  'in-order',
  'out-of-order',
  'reversed',
  'duplicated',
  'batched',
  'failed',
  'none',
];

export interface WaError {
  code: number;
  title: string;
  message?: string;
  error_data?: { details: string };
}

export interface FakeWaDelivery {
  /** The webhook's HTTP status; 0 when nobody answered (or no webhook URL is set). */
  httpStatus: number;
  body: string;
  signature: string | null;
  at: string;
}

export interface FakeWaEmitted {
  status: WaStatus;
  /** Unix seconds, as the webhook carries it. */
  timestamp: string;
  errors?: WaError[];
  /** The webhook's HTTP status for the POST that carried it. */
  httpStatus: number;
  forged?: boolean;
}

export interface FakeWaMessage {
  wamid: string;
  to: string;
  type: 'template' | 'text';
  template: string | null;
  language: string | null;
  params: string[];
  /** What the member reads: the template's body with its parameters, or the free text. */
  text: string;
  /** The request's body, as sent. */
  request: unknown;
  /** When it was accepted (ISO). */
  at: string;
  statuses: FakeWaEmitted[];
}

export interface FakeWaInbound {
  wamid: string;
  from: string;
  name: string;
  text: string;
  timestamp: string;
  httpStatus: number;
}

export interface FakeWhatsappOptions {
  port?: number;
  /** Meta's app secret: the key of the webhook's signature. */
  appSecret: string;
  /** The access token the API must send (Authorization: Bearer …). */
  token?: string;
  phoneNumberId?: string;
  displayPhoneNumber?: string;
  wabaId?: string;
  /** The gym's webhook (set in Meta's app panel, not per request); settable later with setOptions. */
  webhookUrl?: string;
  /** Messages accepted per second (fake clock) before 130429; Meta's default throughput is 80. */
  rateLimitPerSecond?: number;
  statusMode?: WaStatusMode;
  /** Numbers that are not on WhatsApp. */
  undeliverable?: string[];
  /** `webhook` (Meta's usual way): accepted, then a `failed` status with 131026; `error`: a 400 at once. */
  undeliverableMode?: 'webhook' | 'error';
  /** Escape non-ASCII as \uXXXX in the webhook's JSON, as Meta does (default true). */
  escapeUnicode?: boolean;
  /** How many times a webhook POST not answered 2xx is sent again (default 0). */
  webhookRetries?: number;
  /** Milliseconds before the first status of a message is posted (default 5). */
  statusDelayMs?: number;
  /** Extra templates, beside ./templates.ts's. */
  templates?: WhatsappTemplate[];
  /** The fake's clock (ms), for the 24-hour window, the rate limit and timestamps; default Date.now. */
  now?: () => number;
  /** The certificate an https webhook URL is trusted with. */
  ca?: Buffer;
  /**
   * Delivers the webhook's POSTs instead of HTTP to webhookUrl (e.g. through supertest): gets the
   * raw body (`body`, and the same as a string: `text`) and the headers Meta would send, answers the
   * HTTP status. With supertest send `text`: superagent JSON-encodes a Buffer under a JSON type.
   */
  deliver?: WebhookTransport;
}

export type WebhookTransport = (request: {
  body: Buffer;
  text: string;
  headers: Record<string, string>;
}) => Promise<number>;

export interface FakeWhatsappSettings {
  webhookUrl: string | null;
  rateLimitPerSecond: number;
  statusMode: WaStatusMode;
  undeliverable: string[];
  undeliverableMode: 'webhook' | 'error';
  escapeUnicode: boolean;
  /** How many times a webhook POST not answered 2xx is sent again, at once (Meta retries for days). */
  webhookRetries: number;
}

export interface FakeWhatsapp {
  /** The server's root: the page listing what was sent, and /__fake/ controls. */
  url: string;
  /** What WHATSAPP_API_URL must be (Graph API style, with its version). */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Every message accepted, in order (copies). */
  sent(): FakeWaMessage[];
  message(wamid: string): FakeWaMessage | undefined;
  inbound(): FakeWaInbound[];
  /** Every webhook POST made, in order. */
  deliveries(): FakeWaDelivery[];
  /**
   * Posts one status of a message to the webhook now (any order, as many times as asked: `times`
   * POSTs). `forge` signs with another secret, `unsigned` sends no signature; `timestamp` is in unix
   * seconds (default the fake's clock). A wamid the fake never sent is posted too (to `recipient`,
   * recorded nowhere): a status the gym cannot match. The webhook's answers.
   */
  emitStatus(
    wamid: string,
    status: WaStatus,
    options?: {
      times?: number;
      errors?: WaError[];
      forge?: boolean;
      unsigned?: boolean;
      timestamp?: number;
      recipient?: string;
    },
  ): Promise<number[]>;
  /** A member's reply (a text message from `from`): signed and posted; it opens their 24-hour window. */
  sendInbound(
    from: string,
    text: string,
    options?: { name?: string; forge?: boolean; unsigned?: boolean },
  ): Promise<{ wamid: string; httpStatus: number }>;
  /** Posts any body to the webhook, signed over its exact bytes (or forged/unsigned): its answer. */
  postWebhook(body: string | Buffer, options?: { forge?: boolean; unsigned?: boolean }): Promise<number>;
  /**
   * Meta's verification GET (hub.mode=subscribe, hub.verify_token, hub.challenge) to the webhook URL:
   * its status, its body, and whether the body is the challenge (as Meta requires to subscribe).
   */
  verifyWebhook(verifyToken: string): Promise<{ httpStatus: number; body: string; verified: boolean }>;
  /** Delivers the webhook's POSTs through this function from now on (undefined: HTTP to webhookUrl). */
  setTransport(transport: WebhookTransport | undefined): void;
  /** The webhook body Meta would post for these statuses/messages (not posted). */
  webhookBody(value: { statuses?: unknown[]; messages?: unknown[]; contacts?: unknown[] }): string;
  /** The signature header Meta would send for this raw body. */
  sign(body: string | Buffer): string;
  setOptions(options: Partial<FakeWhatsappSettings>): FakeWhatsappSettings;
  settings(): FakeWhatsappSettings;
  registerTemplate(template: WhatsappTemplate): void;
  /** Sets the fake's clock (ms since the epoch), or back to the real one with null. */
  setNow(ms: number | null): void;
  /** Resolves once every status already scheduled has been posted. */
  idle(): Promise<void>;
  /** Forgets messages, replies, deliveries and windows; settings back to the options given at start. */
  reset(): void;
  close(): Promise<void>;
  /** Same as close (like the other fakes). */
  stop(): Promise<void>;
}

/** The development credentials of `make fake-whatsapp` and `make start-sandbox`: the fake's own, printed on purpose. */
export const DEV_WHATSAPP = {
  token: 'EAAG-dev-token-del-simulador',
  phoneNumberId: '100000000000001',
  appSecret: 'dev-secreto-whatsapp-del-simulador',
  verifyToken: 'dev-verificacion-whatsapp-del-simulador',
  displayPhoneNumber: '5493810000000',
  wabaId: '200000000000002',
};

export const API_VERSION = 'v21.0';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON as Meta writes it: every non-ASCII UTF-16 unit as \uXXXX (emoji as surrogate pairs). */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const digits = (s: unknown) => (typeof s === 'string' ? s.replace(/\D/g, '') : '');
const DAY_MS = 24 * 3600_000;

class GraphError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
    readonly details?: string,
    readonly type = 'OAuthException',
  ) {
    super(message);
  }
}

const ERR = {
  token: () => new GraphError(401, 190, 'Invalid OAuth access token - Cannot parse access token'),
  phoneId: (id: string) =>
    new GraphError(
      400,
      100,
      `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      undefined,
      'GraphMethodException',
    ),
  param: (details: string) => new GraphError(400, 100, '(#100) Invalid parameter', details),
  templateMissing: (name: string, language: string) =>
    new GraphError(
      400,
      132001,
      '(#132001) Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language}`,
    ),
  paramCount: (got: number, expected: number) =>
    new GraphError(
      400,
      132000,
      '(#132000) Number of parameters does not match the expected number of params',
      `body: number of localizable_params (${got}) does not match the expected number of params (${expected})`,
    ),
  paramMissing: (details: string) => new GraphError(400, 131008, '(#131008) Required parameter is missing', details),
  paramText: (details: string) =>
    new GraphError(400, 132018, '(#132018) There was an issue with the parameters in your template.', details),
  paramFormat: (details: string) =>
    new GraphError(400, 132012, '(#132012) Parameter format does not match format in the created template', details),
  window: () =>
    new GraphError(
      400,
      131047,
      '(#131047) Re-engagement message',
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    ),
  undeliverable: () => new GraphError(400, 131026, '(#131026) Message undeliverable', 'Message undeliverable.'),
  rate: () => new GraphError(400, 130429, '(#130429) Rate limit hit', 'Cloud API message throughput has been reached.'),
};

export const UNDELIVERABLE_ERROR: WaError = {
  code: 131026,
  title: 'Message undeliverable',
  message: 'Message undeliverable',
  error_data: { details: 'Message Undeliverable.' },
};

export async function startFakeWhatsapp(options: FakeWhatsappOptions): Promise<FakeWhatsapp> {
  const token = options.token ?? DEV_WHATSAPP.token;
  const phoneNumberId = options.phoneNumberId ?? DEV_WHATSAPP.phoneNumberId;
  const displayPhoneNumber = options.displayPhoneNumber ?? DEV_WHATSAPP.displayPhoneNumber;
  const wabaId = options.wabaId ?? DEV_WHATSAPP.wabaId;
  const initial = (): FakeWhatsappSettings => ({
    webhookUrl: options.webhookUrl ?? null,
    rateLimitPerSecond: options.rateLimitPerSecond ?? 80,
    statusMode: options.statusMode ?? 'in-order',
    undeliverable: (options.undeliverable ?? []).map(digits),
    undeliverableMode: options.undeliverableMode ?? 'webhook',
    escapeUnicode: options.escapeUnicode ?? true,
    webhookRetries: options.webhookRetries ?? 0,
  });
  let settings = initial();
  let templates: WhatsappTemplate[] = [...WHATSAPP_TEMPLATES, ...(options.templates ?? [])];
  let messages: FakeWaMessage[] = [];
  let replies: FakeWaInbound[] = [];
  let deliveries: FakeWaDelivery[] = [];
  /** The last reply of each number (ms): its 24-hour window. */
  let lastInbound = new Map<string, number>();
  /** When the recent sends were accepted (ms), for the rate limit. */
  let recent: number[] = [];
  let fixedNow: number | null = null;
  let deliver = options.deliver;
  let closed = false;
  // A few connections to the webhook at a time, kept alive, as Meta's senders do (not one per status).
  const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 8, ca: options.ca });
  const scheduled = new Set<Promise<unknown>>();
  const now = () => fixedNow ?? (options.now ? options.now() : Date.now());
  const seconds = (ms: number) => String(Math.floor(ms / 1000));
  const newWamid = () => `wamid.${randomBytes(24).toString('base64url')}`;

  const sign = (body: string | Buffer, secret = options.appSecret) =>
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

  /**
   * POSTs to the webhook, and again (the same bytes) up to `webhookRetries` times while it does not
   * answer 2xx, as Meta retries; the last status, 0 when nobody answered.
   */
  async function post(body: string | Buffer, forge = false, unsigned = false): Promise<number> {
    const signature = unsigned ? null : sign(body, forge ? `${options.appSecret}-falso` : options.appSecret);
    let status = await attempt(body, signature);
    for (let i = 0; i < settings.webhookRetries && !(status >= 200 && status < 300); i++)
      status = await attempt(body, signature);
    return status;
  }

  function attempt(body: string | Buffer, signature: string | null): Promise<number> {
    const record: FakeWaDelivery = {
      httpStatus: 0,
      body: body.toString(),
      signature,
      at: new Date(now()).toISOString(),
    };
    deliveries.push(record);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'facebookexternalua',
    };
    if (signature) headers['x-hub-signature-256'] = signature;
    if (deliver)
      return deliver({ body: Buffer.from(body), text: body.toString(), headers }).then(
        (status) => (record.httpStatus = status),
        () => 0,
      );
    if (closed || !settings.webhookUrl) return Promise.resolve(0);
    const target = new URL(settings.webhookUrl);
    const [client, agent] = target.protocol === 'https:' ? [https, httpsAgent] : [http, httpAgent];
    const once = (): Promise<number> =>
      new Promise((resolve) => {
        const req = client.request(target, { method: 'POST', headers, agent, timeout: 10_000 }, (res) => {
          res.resume();
          res.on('end', () => resolve((record.httpStatus = res.statusCode ?? 0)));
        });
        req.on('timeout', () => req.destroy());
        req.on('error', (err: NodeJS.ErrnoException) =>
          // A kept-alive connection the receiver closed just as it was reused: Node's advice is to retry.
          resolve(req.reusedSocket && err.code === 'ECONNRESET' && !closed ? once() : 0),
        );
        req.end(body);
      });
    return once();
  }

  const webhookBody: FakeWhatsapp['webhookBody'] = (value) => {
    const payload = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: wabaId,
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
    return settings.escapeUnicode ? asciiJson(payload) : JSON.stringify(payload);
  };

  function statusObject(message: FakeWaMessage, status: WaStatus, timestamp: string, errors?: WaError[]) {
    return {
      id: message.wamid,
      status,
      timestamp,
      recipient_id: message.to,
      ...(status === 'sent' || status === 'delivered'
        ? {
            conversation: {
              id: `conv-${message.to}`,
              origin: { type: message.type === 'text' ? 'service' : 'utility' },
            },
            pricing: { billable: message.type !== 'text', pricing_model: 'PMP', category: 'utility' },
          }
        : {}),
      ...(status === 'failed' ? { errors: errors ?? [UNDELIVERABLE_ERROR] } : {}),
    };
  }

  /** Posts these statuses of one message in one webhook call, recording them on the message. */
  async function postStatuses(
    message: FakeWaMessage,
    list: { status: WaStatus; timestamp: string; errors?: WaError[] }[],
    forge = false,
    unsigned = false,
  ): Promise<number> {
    const body = webhookBody({ statuses: list.map((s) => statusObject(message, s.status, s.timestamp, s.errors)) });
    const httpStatus = await post(body, forge, unsigned);
    for (const s of list) message.statuses.push({ ...s, httpStatus, ...(forge || unsigned ? { forged: true } : {}) });
    return httpStatus;
  }

  /** The statuses an accepted message goes through on its own, per the settings. */
  function plan(message: FakeWaMessage, undeliverable: boolean): { status: WaStatus; errors?: WaError[] }[][] {
    if (undeliverable) return [[{ status: 'failed', errors: [UNDELIVERABLE_ERROR] }]];
    const [sent, delivered, read] = [
      { status: 'sent' as const },
      { status: 'delivered' as const },
      { status: 'read' as const },
    ];
    switch (settings.statusMode) {
      case 'in-order':
        return [[sent], [delivered], [read]];
      case 'out-of-order':
        return [[read], [sent], [delivered]];
      case 'reversed':
        return [[read], [delivered], [sent]];
      case 'duplicated':
        return [[sent], [sent], [delivered], [delivered], [read], [read]];
      case 'batched':
        return [[sent, delivered, read]];
      case 'failed':
        return [[sent], [{ status: 'failed', errors: [UNDELIVERABLE_ERROR] }]];
      case 'none':
        return [];
    }
  }

  function schedule(message: FakeWaMessage, undeliverable: boolean) {
    const steps = plan(message, undeliverable);
    if (!steps.length) return;
    const base = Math.floor(now() / 1000);
    /** Each status keeps its own time (sent t, delivered t+1, read t+2) whatever order it is posted in. */
    const offset: Record<WaStatus, number> = { sent: 0, delivered: 1, read: 2, failed: 1 };
    const work = new Promise<void>((resolve) =>
      setTimeout(() => {
        void (async () => {
          for (const step of steps)
            await postStatuses(
              message,
              step.map((s) => ({ ...s, timestamp: String(base + offset[s.status]) })),
            );
        })().finally(resolve);
      }, options.statusDelayMs ?? 5),
    );
    scheduled.add(work);
    void work.then(() => scheduled.delete(work));
  }

  function send(version: string, id: string, auth: string | undefined, raw: string) {
    if (auth !== `Bearer ${token}`) throw ERR.token();
    if (id !== phoneNumberId) throw ERR.phoneId(id);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || '{}') as Record<string, unknown>;
    } catch {
      throw ERR.param('The request body is not valid JSON');
    }
    if (body.messaging_product !== 'whatsapp') throw ERR.param('messaging_product must be "whatsapp"');
    const to = digits(body.to);
    if (to.length < 8) throw ERR.param('to: the recipient phone number is not valid');
    const type = body.type ?? 'text';
    let template: WhatsappTemplate | undefined;
    let params: string[] = [];
    let text: string;
    if (type === 'template') {
      const t = (body.template ?? {}) as {
        name?: string;
        language?: { code?: string };
        components?: { type?: string; parameters?: { type?: string; text?: unknown }[] }[];
      };
      const name = String(t.name ?? '');
      const language = String(t.language?.code ?? '');
      if (!name || !language) throw ERR.param('template: name and language.code are required');
      template = findTemplate(name, language, templates);
      if (!template) throw ERR.templateMissing(name, language);
      const given = (t.components ?? []).filter((c) => c.type === 'body').flatMap((c) => c.parameters ?? []);
      if (given.length !== template.parameters.length) throw ERR.paramCount(given.length, template.parameters.length);
      for (const [i, p] of given.entries()) {
        if (p.type !== 'text') throw ERR.paramFormat(`body: parameter ${i + 1} must be of type text`);
        if (typeof p.text !== 'string' || !p.text.trim())
          throw ERR.paramMissing(`Parameter of type text is missing text value (body: parameter ${i + 1})`);
        // Meta refuses these in a template's parameter, whatever the template says.
        if (/[\n\t]| {5}/.test(p.text))
          throw ERR.paramText(
            `body: parameter ${i + 1}: Param text cannot have new-line/tab characters or more than 4 consecutive spaces`,
          );
      }
      params = given.map((p) => String(p.text));
      text = renderTemplate(template, params);
    } else if (type === 'text') {
      const t = body.text as { body?: unknown } | undefined;
      if (typeof t?.body !== 'string' || !t.body) throw ERR.param('text.body is required');
      const last = lastInbound.get(to);
      if (last === undefined || now() - last > DAY_MS) throw ERR.window();
      text = t.body;
    } else {
      throw ERR.param(`type: this simulator sends "template" and "text" messages only, not "${String(type)}"`);
    }
    const undeliverable = settings.undeliverable.includes(to);
    if (undeliverable && settings.undeliverableMode === 'error') throw ERR.undeliverable();
    const at = now();
    recent = recent.filter((t) => at - t < 1000);
    if (recent.length >= settings.rateLimitPerSecond) throw ERR.rate();
    recent.push(at);
    const message: FakeWaMessage = {
      wamid: newWamid(),
      to,
      type,
      template: template?.name ?? null,
      language: template?.language ?? null,
      params,
      text,
      request: body,
      at: new Date(at).toISOString(),
      statuses: [],
    };
    messages.push(message);
    schedule(message, undeliverable);
    void version;
    return {
      messaging_product: 'whatsapp',
      contacts: [{ input: String(body.to), wa_id: to }],
      messages: [{ id: message.wamid, ...(type === 'template' ? { message_status: 'accepted' } : {}) }],
    };
  }

  const verifyWebhook: FakeWhatsapp['verifyWebhook'] = (verifyToken) => {
    if (!settings.webhookUrl) return Promise.reject(new Error('no webhook URL set'));
    const target = new URL(settings.webhookUrl);
    const challenge = String(randomBytes(6).readUIntBE(0, 6));
    target.searchParams.set('hub.mode', 'subscribe');
    target.searchParams.set('hub.verify_token', verifyToken);
    target.searchParams.set('hub.challenge', challenge);
    const client = target.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.get(target, { ca: options.ca, agent: false, timeout: 10_000 }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const httpStatus = res.statusCode ?? 0;
          resolve({ httpStatus, body: text, verified: httpStatus === 200 && text === challenge });
        });
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', reject);
    });
  };

  /** What an unknown wamid's status is posted as. */
  const stranger: FakeWaMessage = {
    wamid: '',
    to: '',
    type: 'template',
    template: null,
    language: null,
    params: [],
    text: '',
    request: null,
    at: '',
    statuses: [],
  };

  const emitStatus: FakeWhatsapp['emitStatus'] = async (wamid, status, opts = {}) => {
    if (!['sent', 'delivered', 'read', 'failed'].includes(status)) throw new Error(`unknown status ${status}`);
    const message = messages.find((m) => m.wamid === wamid) ?? {
      ...stranger,
      wamid,
      to: digits(opts.recipient) || '5493810000001',
      statuses: [],
    };
    const timestamp = opts.timestamp === undefined ? seconds(now()) : String(Math.floor(opts.timestamp));
    const answers: number[] = [];
    for (let i = 0; i < (opts.times ?? 1); i++)
      answers.push(
        await postStatuses(message, [{ status, timestamp, errors: opts.errors }], opts.forge, opts.unsigned),
      );
    return answers;
  };

  const sendInbound: FakeWhatsapp['sendInbound'] = async (from, text, opts = {}) => {
    const number = digits(from);
    if (!number) throw new Error('from: a phone number');
    const at = now();
    const wamid = newWamid();
    const name = opts.name ?? 'Socio';
    const timestamp = seconds(at);
    lastInbound.set(number, at);
    const body = webhookBody({
      contacts: [{ profile: { name }, wa_id: number }],
      messages: [{ from: number, id: wamid, timestamp, type: 'text', text: { body: text } }],
    });
    const reply: FakeWaInbound = { wamid, from: number, name, text, timestamp, httpStatus: 0 };
    replies.push(reply);
    reply.httpStatus = await post(body, opts.forge, opts.unsigned);
    return { wamid, httpStatus: reply.httpStatus };
  };

  const setOptions: FakeWhatsapp['setOptions'] = (next) => {
    if (next.statusMode !== undefined && !STATUS_MODES.includes(next.statusMode))
      throw new Error(`statusMode: one of ${STATUS_MODES.join(', ')}`);
    if (next.undeliverableMode !== undefined && !['webhook', 'error'].includes(next.undeliverableMode))
      throw new Error('undeliverableMode: webhook or error');
    if (next.rateLimitPerSecond !== undefined && !(Number(next.rateLimitPerSecond) > 0))
      throw new Error('rateLimitPerSecond: a positive number');
    if (next.webhookRetries !== undefined && !(Number.isInteger(next.webhookRetries) && next.webhookRetries >= 0))
      throw new Error('webhookRetries: a whole number, 0 or more');
    settings = {
      ...settings,
      ...next,
      ...(next.rateLimitPerSecond !== undefined ? { rateLimitPerSecond: Number(next.rateLimitPerSecond) } : {}),
      ...(next.undeliverable ? { undeliverable: next.undeliverable.map(digits) } : {}),
    };
    return { ...settings };
  };

  const reset = () => {
    settings = initial();
    templates = [...WHATSAPP_TEMPLATES, ...(options.templates ?? [])];
    messages = [];
    replies = [];
    deliveries = [];
    lastInbound = new Map();
    recent = [];
    fixedNow = null;
    deliver = options.deliver;
  };

  const copy = <T>(value: T): T => structuredClone(value);

  function page(): string {
    const statusLine = (m: FakeWaMessage) =>
      m.statuses.length
        ? m.statuses
            .map(
              (s) =>
                `${escapeHtml(s.status)}${s.errors ? ` (${s.errors.map((e) => escapeHtml(`${e.code} ${e.title}`)).join(', ')})` : ''} → HTTP ${s.httpStatus}`,
            )
            .join('<br>')
        : '—';
    const rows = messages
      .map(
        (m) => `<tr data-wamid="${escapeHtml(m.wamid)}"><td>${escapeHtml(m.at)}</td><td>${escapeHtml(m.to)}</td>
<td>${escapeHtml(m.template ? `${m.template} (${m.language ?? ''})` : 'texto libre')}</td><td>${escapeHtml(m.text)}</td>
<td>${statusLine(m)}</td><td><code>${escapeHtml(m.wamid)}</code></td></tr>`,
      )
      .join('\n');
    const inboundRows = replies
      .map(
        (r) =>
          `<tr><td>${escapeHtml(new Date(Number(r.timestamp) * 1000).toISOString())}</td><td>${escapeHtml(r.from)}</td><td>${escapeHtml(r.name)}</td><td>${escapeHtml(r.text)}</td><td>HTTP ${r.httpStatus}</td></tr>`,
      )
      .join('\n');
    return `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>WhatsApp (simulado)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}</style></head><body>
<h1>WhatsApp Cloud API (simulado)</h1>
<p>Webhook: <code>${escapeHtml(settings.webhookUrl ?? 'sin configurar')}</code> · estados: ${escapeHtml(settings.statusMode)} · límite: ${settings.rateLimitPerSecond} mensajes por segundo</p>
<h2>Mensajes enviados (${messages.length})</h2>
${messages.length ? `<table><thead><tr><th>Cuándo</th><th>A</th><th>Plantilla</th><th>Texto</th><th>Estados enviados al webhook</th><th>wamid</th></tr></thead><tbody>\n${rows}\n</tbody></table>` : '<p>Todavía no se envió ningún mensaje.</p>'}
<h2>Respuestas de socios (${replies.length})</h2>
${replies.length ? `<table><thead><tr><th>Cuándo</th><th>De</th><th>Nombre</th><th>Texto</th><th>Webhook</th></tr></thead><tbody>\n${inboundRows}\n</tbody></table>` : '<p>Ninguna.</p>'}
<form method="post" action="/__fake/inbound-form"><h2>Responder como un socio</h2>
<label>Número <input name="from" required placeholder="5493815123401"></label>
<label>Texto <input name="text" required value="BAJA"></label> <button type="submit">Enviar al gimnasio</button></form>
</body></html>`;
  }

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const graphError = (res: http.ServerResponse, err: GraphError) =>
    json(res, err.httpStatus, {
      error: {
        message: err.message,
        type: err.type,
        code: err.code,
        ...(err.details ? { error_data: { messaging_product: 'whatsapp', details: err.details } } : {}),
        fbtrace_id: randomBytes(9).toString('base64url'),
      },
    });

  const readBody = (req: http.IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });

  async function control(req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: string) {
    const input = (): Record<string, unknown> => (raw.trim() ? (JSON.parse(raw) as Record<string, unknown>) : {});
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/__fake/messages') return json(res, 200, copy(messages));
    const one = /^\/__fake\/messages\/([^/]+)(\/status)?$/.exec(path);
    if (one) {
      const wamid = decodeURIComponent(one[1]!);
      const message = messages.find((m) => m.wamid === wamid);
      if (!message) return json(res, 404, { message: `no hay un mensaje ${wamid}` });
      if (method === 'GET' && !one[2]) return json(res, 200, copy(message));
      if (method === 'POST' && one[2]) {
        const b = input() as {
          status?: WaStatus;
          times?: number;
          errors?: WaError[];
          forge?: boolean;
          unsigned?: boolean;
          timestamp?: number;
        };
        const answers = await emitStatus(wamid, b.status ?? 'delivered', {
          times: b.times,
          errors: b.errors,
          forge: b.forge,
          unsigned: b.unsigned,
          timestamp: b.timestamp,
        });
        return json(res, 200, { httpStatuses: answers, message: copy(message) });
      }
    }
    if (method === 'GET' && path === '/__fake/inbound') return json(res, 200, copy(replies));
    if (method === 'POST' && path === '/__fake/inbound') {
      const b = input() as { from?: string; text?: string; name?: string; forge?: boolean; unsigned?: boolean };
      return json(res, 200, await sendInbound(b.from ?? '', b.text ?? 'BAJA', b));
    }
    if (method === 'POST' && path === '/__fake/inbound-form') {
      const form = new URLSearchParams(raw);
      await sendInbound(form.get('from') ?? '', form.get('text') ?? 'BAJA');
      res.writeHead(303, { location: '/' });
      return res.end();
    }
    if (method === 'GET' && path === '/__fake/deliveries') return json(res, 200, copy(deliveries));
    if (method === 'GET' && path === '/__fake/options') return json(res, 200, settings);
    if (method === 'POST' && path === '/__fake/options')
      return json(res, 200, setOptions(input() as Partial<FakeWhatsappSettings>));
    if (method === 'GET' && path === '/__fake/templates') return json(res, 200, templates);
    if (method === 'POST' && path === '/__fake/templates') {
      const t = input() as unknown as WhatsappTemplate;
      registerTemplate(t);
      return json(res, 200, templates);
    }
    if (method === 'POST' && path === '/__fake/clock') {
      const b = input() as { now?: string | number | null };
      setNow(b.now === null || b.now === undefined ? null : new Date(b.now).getTime());
      return json(res, 200, { now: new Date(now()).toISOString() });
    }
    if (method === 'POST' && path === '/__fake/verify')
      return json(res, 200, await verifyWebhook(String(input().verifyToken ?? '')));
    if (method === 'POST' && path === '/__fake/reset') return (reset(), json(res, 200, {}));
    return json(res, 404, { message: 'no existe' });
  }

  function registerTemplate(t: WhatsappTemplate) {
    if (!t.name || !t.language || !Array.isArray(t.parameters)) throw new Error('name, language and parameters');
    templates = [
      ...templates.filter((x) => !(x.name === t.name && x.language === t.language)),
      { ...t, category: t.category ?? 'UTILITY', body: t.body ?? '' },
    ];
  }
  function setNow(ms: number | null) {
    if (ms !== null && !Number.isFinite(ms)) throw new Error('now: a date');
    fixedNow = ms;
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const raw = (await readBody(req)).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const messagesPath = /^(?:\/(v\d+\.\d+))?\/([^/_][^/]*)\/messages$/.exec(path);
      if (req.method === 'POST' && messagesPath) {
        try {
          return json(res, 200, send(messagesPath[1] ?? API_VERSION, messagesPath[2]!, req.headers.authorization, raw));
        } catch (err) {
          if (err instanceof GraphError) return graphError(res, err);
          throw err;
        }
      }
      if (req.method === 'GET' && (path === '/' || path === '/index.html')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page());
      }
      if (path.startsWith('/__fake/')) {
        try {
          return await control(req, res, path, raw);
        } catch (err) {
          return json(res, 400, { message: err instanceof Error ? err.message : String(err) });
        }
      }
      return graphError(res, new GraphError(400, 100, `Unknown path components: ${path}`, undefined, 'OAuthException'));
    })().catch((err: unknown) => {
      if (!res.headersSent) json(res, 500, { message: String(err) });
    });
  });
  // Node closes an idle kept-alive connection after 5 s; a client reusing it just then gets ECONNRESET.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Stops: statuses not yet posted are dropped, connections to the webhook closed. */
  const close = () =>
    new Promise<void>((resolve) => {
      closed = true;
      httpAgent.destroy();
      httpsAgent.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url,
    apiUrl: `${url}/${API_VERSION}`,
    token,
    phoneNumberId,
    appSecret: options.appSecret,
    sent: () => copy(messages),
    message: (wamid) => copy(messages.find((m) => m.wamid === wamid)),
    inbound: () => copy(replies),
    deliveries: () => copy(deliveries),
    emitStatus,
    sendInbound,
    verifyWebhook,
    setTransport: (transport) => (deliver = transport),
    postWebhook: (body, opts = {}) => post(body, opts.forge, opts.unsigned),
    webhookBody,
    sign: (body) => sign(body),
    setOptions,
    settings: () => ({ ...settings }),
    registerTemplate,
    setNow,
    idle: async () => {
      while (scheduled.size) await Promise.all([...scheduled]);
    },
    reset,
    close,
    stop: close,
  };
}
