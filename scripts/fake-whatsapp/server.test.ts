// The fake WhatsApp Cloud API as a client and a webhook receiver see it: real HTTP both ways.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEV_WHATSAPP, startFakeWhatsapp, type FakeWhatsapp, type FakeWhatsappOptions } from './server';
import { WHATSAPP_TEMPLATES } from './templates';

const SECRET = 'secreto-de-la-app';

interface Received {
  raw: Buffer;
  signature: string | undefined;
  body: {
    entry: {
      changes: {
        field: string;
        value: {
          statuses?: {
            id: string;
            status: string;
            timestamp: string;
            recipient_id: string;
            errors?: { code: number }[];
          }[];
          messages?: { from: string; id: string; type: string; text: { body: string } }[];
          contacts?: { wa_id: string; profile: { name: string } }[];
        };
      }[];
    }[];
  };
}

/** The gym's webhook: keeps every POST's raw bytes and signature, answers `answer` (200). */
async function receiver() {
  const received: Received[] = [];
  let answer = 200;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      // Meta's verification handshake, as the gym answers it with its verify token.
      const q = new URL(req.url ?? '/', 'http://hook').searchParams;
      const ok = q.get('hub.mode') === 'subscribe' && q.get('hub.verify_token') === 'palabra-del-gimnasio';
      res.writeHead(ok ? 200 : 403, { 'content-type': 'text/plain' });
      return void res.end(ok ? (q.get('hub.challenge') ?? '') : 'no');
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({
        raw,
        signature: req.headers['x-hub-signature-256'] as string | undefined,
        body: JSON.parse(raw.toString('utf8')) as Received['body'],
      });
      res.writeHead(answer);
      res.end();
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    connections: () => connections,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/whatsapp/webhook`,
    received,
    answer: (status: number) => (answer = status),
    statuses: () => received.flatMap((r) => r.body.entry[0]!.changes[0]!.value.statuses ?? []),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the gym's webhook must do: HMAC-SHA256 over the raw bytes, compared in constant time. */
function verifies(raw: Buffer | string, header: string | undefined, secret = SECRET): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(raw).digest('hex'));
  const given = Buffer.from(header.slice('sha256='.length));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

let hook: Awaited<ReturnType<typeof receiver>>;
let fake: FakeWhatsapp;

async function start(options: Partial<FakeWhatsappOptions> = {}) {
  fake = await startFakeWhatsapp({ appSecret: SECRET, webhookUrl: hook.url, ...options });
}

beforeEach(async () => {
  hook = await receiver();
});
afterEach(async () => {
  await fake?.idle();
  await fake?.close();
  await hook.close();
});

const template = (name: string, params: string[], language = 'es_AR') => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: '5493815123401',
  type: 'template',
  template: {
    name,
    language: { code: language },
    components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
  },
});

async function send(body: unknown, token = fake.token, to = `${fake.apiUrl}/${fake.phoneNumberId}/messages`) {
  const res = await fetch(to, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      messages?: { id: string }[];
      contacts?: { input: string; wa_id: string }[];
      error?: { code: number; type: string; message: string; error_data?: { details: string } };
    },
  };
}

const cuota = (to = '5493815123401') => ({
  ...template('cuota_por_vencer', ['Ana', 'Pase libre', '30/11/2026', '$ 25.000,00']),
  to,
});

describe('sending', () => {
  it('accepts a registered template and answers a wamid, then posts sent, delivered and read in order, signed', async () => {
    await start();
    const { status, body } = await send(cuota());
    expect(status).toBe(200);
    expect(body.contacts).toEqual([{ input: '5493815123401', wa_id: '5493815123401' }]);
    const wamid = body.messages![0]!.id;
    expect(wamid).toMatch(/^wamid\.[\w-]{20,}$/);
    await fake.idle();
    expect(hook.statuses().map((s) => [s.id, s.status, s.recipient_id])).toEqual([
      [wamid, 'sent', '5493815123401'],
      [wamid, 'delivered', '5493815123401'],
      [wamid, 'read', '5493815123401'],
    ]);
    for (const r of hook.received) expect(verifies(r.raw, r.signature)).toBe(true);
    const [sent] = fake.sent();
    expect(sent).toMatchObject({
      wamid,
      to: '5493815123401',
      template: 'cuota_por_vencer',
      params: ['Ana', 'Pase libre', '30/11/2026', '$ 25.000,00'],
      text: 'Hola Ana, tu cuota de Pase libre vence el 30/11/2026. El importe es $ 25.000,00. Podés pagarla en recepción o desde tu portal de socio.',
    });
    expect(sent!.statuses.map((s) => [s.status, s.httpStatus])).toEqual([
      ['sent', 200],
      ['delivered', 200],
      ['read', 200],
    ]);
    // Each status keeps its own time, in unix seconds as strings.
    const [a, b, c] = hook.statuses().map((s) => Number(s.timestamp));
    expect([b! - a!, c! - a!]).toEqual([1, 2]);
  });

  it('registers every template of the table by default, each with its own parameter count', async () => {
    await start({ statusMode: 'none' });
    expect(WHATSAPP_TEMPLATES.map((t) => t.name)).toEqual([
      'cuota_por_vencer',
      'cuota_vencida',
      'apto_por_vencer',
      'clase_de_manana',
      'pago_rechazado',
      'recibo_listo',
      'socio_te_extranamos',
      'aumento_de_cuota',
    ]);
    for (const t of WHATSAPP_TEMPLATES) {
      const params = t.parameters.map((_, i) => `p${i + 1}`);
      expect((await send(template(t.name, params))).status).toBe(200);
      const wrong = await send(template(t.name, params.slice(1)));
      expect(wrong.body.error?.code).toBe(132000);
    }
  });

  it('refuses a wrong token with 190 (HTTP 401) and records nothing', async () => {
    await start();
    const { status, body } = await send(cuota(), 'otro-token');
    expect(status).toBe(401);
    expect(body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect(fake.sent()).toEqual([]);
  });

  it('refuses an unknown template (or one in another language) with 132001, naming it', async () => {
    await start();
    const unknown = await send(template('promo_verano', ['Ana']));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 132001,
      error_data: { details: 'template name (promo_verano) does not exist in es_AR' },
    });
    const english = await send(template('cuota_vencida', ['Ana', 'Pase libre', '30/11/2026'], 'en_US'));
    expect(english.body.error?.code).toBe(132001);
    expect(fake.sent()).toEqual([]);
  });

  it('refuses a wrong number of parameters with 132000', async () => {
    await start();
    const { status, body } = await send(template('cuota_vencida', ['Ana', 'Pase libre']));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: 132000,
      error_data: {
        details: 'body: number of localizable_params (2) does not match the expected number of params (3)',
      },
    });
  });

  it('refuses free text outside the 24-hour window (131047) and accepts it within, after a reply', async () => {
    const text = { messaging_product: 'whatsapp', to: '5493815123401', type: 'text', text: { body: '¡Hola!' } };
    await start({ statusMode: 'none' });
    fake.setNow(Date.parse('2026-11-27T12:00:00Z'));
    expect((await send(text)).body.error?.code).toBe(131047);
    await fake.sendInbound('5493815123401', 'Hola, ¿abren el feriado?');
    fake.setNow(Date.parse('2026-11-28T11:59:00Z'));
    expect((await send(text)).status).toBe(200);
    fake.setNow(Date.parse('2026-11-28T12:00:01Z'));
    const late = await send(text);
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 131047, message: '(#131047) Re-engagement message' });
    // Templates need no window.
    expect((await send(cuota())).status).toBe(200);
  });

  it('answers 130429 over its messages-per-second limit, and accepts again the next second', async () => {
    await start({ statusMode: 'none', rateLimitPerSecond: 2 });
    fake.setNow(Date.parse('2026-11-27T12:00:00.000Z'));
    expect((await send(cuota())).status).toBe(200);
    expect((await send(cuota())).status).toBe(200);
    const over = await send(cuota());
    expect(over.status).toBe(400);
    expect(over.body.error?.code).toBe(130429);
    fake.setNow(Date.parse('2026-11-27T12:00:01.000Z'));
    expect((await send(cuota())).status).toBe(200);
    // The limit is an option, through the controls too.
    const res = await fetch(`${fake.url}/__fake/options`, {
      method: 'POST',
      body: JSON.stringify({ rateLimitPerSecond: 1 }),
    });
    expect(((await res.json()) as { rateLimitPerSecond: number }).rateLimitPerSecond).toBe(1);
    expect((await send(cuota())).body.error?.code).toBe(130429);
    expect(fake.sent()).toHaveLength(3);
  });

  it('posts a failed status with 131026 for a number that is not on WhatsApp, or refuses it at once', async () => {
    await start({ undeliverable: ['+54 9 381 500-0000'] });
    const { status, body } = await send(cuota('5493815000000'));
    expect(status).toBe(200);
    await fake.idle();
    expect(hook.statuses()).toEqual([
      expect.objectContaining({
        id: body.messages![0]!.id,
        status: 'failed',
        errors: [expect.objectContaining({ code: 131026 })],
      }),
    ]);
    fake.setOptions({ undeliverableMode: 'error' });
    const refused = await send(cuota('5493815000000'));
    expect([refused.status, refused.body.error?.code]).toEqual([400, 131026]);
  });

  it('refuses an empty parameter (131008), a non-text one (132012) and new lines or 5 spaces in one (132018)', async () => {
    await start({ statusMode: 'none' });
    const codeOf = async (params: unknown[]) => {
      const body = template('apto_por_vencer', []);
      body.template.components[0]!.parameters = params as { type: string; text: string }[];
      return (await send(body)).body.error?.code;
    };
    expect(
      await codeOf([
        { type: 'text', text: 'Ana' },
        { type: 'text', text: ' ' },
      ]),
    ).toBe(131008);
    expect(
      await codeOf([
        { type: 'text', text: 'Ana' },
        { type: 'currency', currency: {} },
      ]),
    ).toBe(132012);
    expect(
      await codeOf([
        { type: 'text', text: 'Ana\nMaría' },
        { type: 'text', text: '01/12/2026' },
      ]),
    ).toBe(132018);
    expect(
      await codeOf([
        { type: 'text', text: 'Ana     María' },
        { type: 'text', text: '01/12/2026' },
      ]),
    ).toBe(132018);
    expect(
      await codeOf([
        { type: 'text', text: 'Ana    María' },
        { type: 'text', text: '01/12/2026' },
      ]),
    ).toBeUndefined();
    expect(fake.sent()).toHaveLength(1);
  });

  it('refuses another phone number id', async () => {
    await start();
    const { status, body } = await send(cuota(), fake.token, `${fake.apiUrl}/999/messages`);
    expect([status, body.error?.code]).toEqual([400, 100]);
  });
});

describe('the webhook emitter', () => {
  it('posts statuses out of order, reversed, duplicated or batched as set', async () => {
    await start({ statusMode: 'out-of-order' });
    const first = (await send(cuota())).body.messages![0]!.id;
    await fake.idle();
    fake.setOptions({ statusMode: 'duplicated' });
    const second = (await send(cuota())).body.messages![0]!.id;
    await fake.idle();
    fake.setOptions({ statusMode: 'batched' });
    const third = (await send(cuota())).body.messages![0]!.id;
    await fake.idle();
    fake.setOptions({ statusMode: 'reversed' });
    const fourth = (await send(cuota())).body.messages![0]!.id;
    await fake.idle();
    const of = (wamid: string) =>
      hook
        .statuses()
        .filter((s) => s.id === wamid)
        .map((s) => s.status);
    expect(of(first)).toEqual(['read', 'sent', 'delivered']);
    expect(of(second)).toEqual(['sent', 'sent', 'delivered', 'delivered', 'read', 'read']);
    expect(of(third)).toEqual(['sent', 'delivered', 'read']);
    expect(of(fourth)).toEqual(['read', 'delivered', 'sent']);
    expect(hook.received).toHaveLength(3 + 6 + 1 + 3);
    for (const r of hook.received) expect(verifies(r.raw, r.signature)).toBe(true);
  });

  it('emits any status of a sent message on demand, in any order and duplicated, through the controls', async () => {
    await start({ statusMode: 'none' });
    const wamid = (await send(cuota())).body.messages![0]!.id;
    await fake.idle();
    expect(hook.received).toEqual([]);
    expect(await fake.emitStatus(wamid, 'read')).toEqual([200]);
    const res = await fetch(`${fake.url}/__fake/messages/${encodeURIComponent(wamid)}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'delivered', times: 2 }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { httpStatuses: number[] }).httpStatuses).toEqual([200, 200]);
    expect(hook.statuses().map((s) => s.status)).toEqual(['read', 'delivered', 'delivered']);
    const listed = (await (await fetch(`${fake.url}/__fake/messages`)).json()) as {
      wamid: string;
      statuses: { status: string }[];
    }[];
    expect(listed.map((m) => [m.wamid, m.statuses.map((s) => s.status)])).toEqual([
      [wamid, ['read', 'delivered', 'delivered']],
    ]);
    const unknown = await fetch(`${fake.url}/__fake/messages/wamid.nada/status`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    // From a test, a status the gym cannot match, at the time asked (unix seconds).
    expect(
      await fake.emitStatus('wamid.nada', 'delivered', { timestamp: 1900000200, recipient: '5493815999999' }),
    ).toEqual([200]);
    expect(hook.statuses().at(-1)).toMatchObject({
      id: 'wamid.nada',
      status: 'delivered',
      timestamp: '1900000200',
      recipient_id: '5493815999999',
    });
    expect(fake.sent()).toHaveLength(1);
  });

  it('records what the webhook answered, and forges or leaves unsigned when asked', async () => {
    await start({ statusMode: 'none' });
    const wamid = (await send(cuota())).body.messages![0]!.id;
    hook.answer(401);
    expect(await fake.emitStatus(wamid, 'sent', { forge: true })).toEqual([401]);
    expect(await fake.emitStatus(wamid, 'sent', { unsigned: true })).toEqual([401]);
    expect(verifies(hook.received[0]!.raw, hook.received[0]!.signature)).toBe(false);
    expect(hook.received[1]!.signature).toBeUndefined();
    expect(fake.message(wamid)!.statuses.map((s) => [s.status, s.httpStatus, s.forged])).toEqual([
      ['sent', 401, true],
      ['sent', 401, true],
    ]);
  });

  it("signs the raw bytes: 'Ñandú 💪' arrives escaped as Meta sends it, and a re-serialised body does not verify", async () => {
    await start();
    const { httpStatus } = await fake.sendInbound('5493815123401', 'Ñandú 💪', { name: 'Ñandú' });
    expect(httpStatus).toBe(200);
    const [{ raw, signature, body }] = hook.received as [Received];
    expect(raw.toString('latin1')).toContain('\\u00d1and\\u00fa \\ud83d\\udcaa');
    expect(body.entry[0]!.changes[0]!.value.messages![0]!.text.body).toBe('Ñandú 💪');
    expect(verifies(raw, signature)).toBe(true);
    expect(verifies(JSON.stringify(body), signature)).toBe(false);
    expect(verifies(raw, signature, 'otro-secreto')).toBe(false);
  });

  it('signs raw UTF-8 bytes too, when set not to escape', async () => {
    await start({ escapeUnicode: false });
    await fake.sendInbound('5493815123401', 'Ñandú 💪');
    const [{ raw, signature }] = hook.received as [Received];
    expect(raw.toString('utf8')).toContain('"Ñandú 💪"');
    expect(verifies(raw, signature)).toBe(true);
    // A receiver that decoded the bytes as latin1 before hashing would not verify.
    expect(verifies(raw.toString('latin1'), signature)).toBe(false);
  });

  it('posts a member\'s "BAJA" signed, as Meta shapes an inbound message, and opens their window', async () => {
    await start({ ...DEV_WHATSAPP, appSecret: SECRET });
    const res = await fetch(`${fake.url}/__fake/inbound`, {
      method: 'POST',
      body: JSON.stringify({ from: '5493815123401', text: 'BAJA', name: 'Ana' }),
    });
    const { wamid, httpStatus } = (await res.json()) as { wamid: string; httpStatus: number };
    expect(httpStatus).toBe(200);
    const [{ raw, signature, body }] = hook.received as [Received];
    expect(verifies(raw, signature)).toBe(true);
    expect(body).toEqual({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: DEV_WHATSAPP.wabaId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: DEV_WHATSAPP.displayPhoneNumber,
                  phone_number_id: DEV_WHATSAPP.phoneNumberId,
                },
                contacts: [{ profile: { name: 'Ana' }, wa_id: '5493815123401' }],
                messages: [
                  {
                    from: '5493815123401',
                    id: wamid,
                    timestamp: expect.stringMatching(/^\d{10}$/),
                    type: 'text',
                    text: { body: 'BAJA' },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const text = {
      messaging_product: 'whatsapp',
      to: '5493815123401',
      type: 'text',
      text: { body: 'Listo, te dimos de baja.' },
    };
    expect((await send(text)).status).toBe(200);
  });

  it('posts every status of many messages sent at once, over a few kept-alive connections', async () => {
    await start({ rateLimitPerSecond: 1000 });
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => send(cuota(`54938150${1000 + i}`))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await fake.idle();
    expect(hook.statuses()).toHaveLength(450);
    for (const m of fake.sent()) expect(m.statuses.map((x) => x.status)).toEqual(['sent', 'delivered', 'read']);
    expect(hook.connections()).toBeLessThanOrEqual(8);
  });

  it('sends a POST again, the same bytes, while the webhook does not answer 2xx, when set to retry', async () => {
    await start({ statusMode: 'none', webhookRetries: 2 });
    const wamid = (await send(cuota())).body.messages![0]!.id;
    hook.answer(500);
    expect(await fake.emitStatus(wamid, 'delivered')).toEqual([500]);
    expect(hook.received).toHaveLength(3);
    hook.answer(200);
    fake.setOptions({ webhookRetries: 5 });
    expect(await fake.emitStatus(wamid, 'read')).toEqual([200]);
    expect(hook.received).toHaveLength(4);
    const [first, second, third] = hook.received;
    expect([second!.raw.equals(first!.raw), third!.signature === first!.signature]).toEqual([true, true]);
    expect(fake.deliveries().map((d) => d.httpStatus)).toEqual([500, 500, 500, 200]);
  });
});

describe('the webhook set-up', () => {
  it("does Meta's verification GET: the challenge comes back only with the right verify token", async () => {
    await start();
    expect(await fake.verifyWebhook('palabra-del-gimnasio')).toMatchObject({ httpStatus: 200, verified: true });
    const res = await fetch(`${fake.url}/__fake/verify`, {
      method: 'POST',
      body: JSON.stringify({ verifyToken: 'otra' }),
    });
    expect(await res.json()).toEqual({ httpStatus: 403, body: 'no', verified: false });
  });

  it('delivers through a function instead of HTTP when given one (a test can hand the POST to supertest)', async () => {
    const seen: { body: Buffer; text: string; headers: Record<string, string> }[] = [];
    await start({
      statusMode: 'batched',
      deliver: (request) => (seen.push(request), Promise.resolve(202)),
    });
    const wamid = (await send(cuota())).body.messages![0]!.id;
    await fake.idle();
    expect(hook.received).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(verifies(seen[0]!.body, seen[0]!.headers['x-hub-signature-256'])).toBe(true);
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.text).toBe(seen[0]!.body.toString('utf8'));
    expect(fake.message(wamid)!.statuses.map((s) => s.httpStatus)).toEqual([202, 202, 202]);
    fake.setTransport(undefined);
    await fake.emitStatus(wamid, 'read');
    expect(hook.statuses().map((s) => s.status)).toEqual(['read']);
  });
});

describe('the page and the controls', () => {
  it('lists what was sent, escaping everything', async () => {
    await start({ statusMode: 'none' });
    await send(template('recibo_listo', ['<script>alert(1)</script>', 'C-0003-00000042', '$ 25.000,00']));
    const html = await (await fetch(`${fake.url}/`)).text();
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('recibo_listo');
    expect(html).toContain(fake.sent()[0]!.wamid);
  });

  it('forgets everything on reset', async () => {
    await start({ statusMode: 'none' });
    fake.setOptions({ rateLimitPerSecond: 1, undeliverable: ['5493815000000'] });
    await send(cuota());
    await fake.sendInbound('5493815123401', 'hola');
    expect((await fetch(`${fake.url}/__fake/reset`, { method: 'POST' })).status).toBe(200);
    expect(fake.sent()).toEqual([]);
    expect(fake.inbound()).toEqual([]);
    expect(fake.settings()).toMatchObject({ rateLimitPerSecond: 80, undeliverable: [] });
  });
});
