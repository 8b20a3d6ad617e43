import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { clientMessages } from '@gym/contracts/clients';
import { contactMessages as m, type ContactMessage } from '@gym/contracts/contact';
import { httpMessages } from '@gym/contracts/messages';
import { DEFAULT_MAIL_FROM } from '../../config';
import { closedPort, startSmtp } from '../../test/smtp-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createSmtpMailer, MAIL_TIMEOUT_MS, type Mailer } from '../../shared/mailer';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let current: Mailer;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  smtp = await startSmtp();
  current = createSmtpMailer({ url: smtp.url, from: DEFAULT_MAIL_FROM });
  t = await createTestApp({ mailer: { send: (mail) => current.send(mail) } });
  staff = await t.staffAgent();
});
afterEach(() => {
  current = createSmtpMailer({ url: smtp.url, from: DEFAULT_MAIL_FROM });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
const newMessage = (over: Record<string, unknown> = {}) => ({
  user_name: 'Ana Paz',
  user_email: `ana.paz${++n}@correo.com`,
  user_message: `Hola Ana, tu clase es el lunes ${n}`,
  ...over,
});
const messageCount = async () => Number((await t.db('messages').count({ c: '*' }).first())?.c);
const lastRow = () => t.db('messages').orderBy('created_at', 'desc').first();

describe('a visitor', () => {
  test.each([['get'], ['post']] as const)(
    'when a visitor calls %s /v1/messages, then 401 and nothing is sent',
    async (method) => {
      const before = smtp.received.length;
      const res = await request(t.app)[method]('/v1/messages').send(newMessage());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { message: httpMessages.unauthorized } });
      expect(smtp.received.length).toBe(before);
      expect(await messageCount()).toBe(0);
    },
  );
});

describe('sending a message (POST /v1/messages)', () => {
  test('when staff send a valid message, then the SMTP server gets it for that address, 201 and it is stored as enviado', async () => {
    const body = newMessage();
    const res = await staff.post('/v1/messages').send(body).expect(201);
    expect(res.body).toEqual({
      message: {
        id: expect.any(String),
        ...body,
        idUsuario: null,
        status: 'enviado',
        error: null,
        createdAt: expect.any(String),
      },
    });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([body.user_email]);
    expect(mail.from).toBe('no-reply@gym.local');
    expect(mail.data).toContain(body.user_message);
    expect(mail.data).toContain(`Subject: ${m.subject}`);
    expect(await lastRow()).toMatchObject({ ...body, status: 'enviado', error: null, id_usuario: null });
  });

  test('when the name tries to add a header, then the mail still goes to that one address only', async () => {
    const body = newMessage({ user_name: 'Ana\r\nBcc: a@b.c' });
    await staff.post('/v1/messages').send(body).expect(201);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual([body.user_email]);
    const headers = mail.data.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).toMatch(/^To: .*<ana\.paz\d+@correo\.com>$/m);
  });

  test('when the SMTP server refuses the recipient, then 502 with the Spanish message and it is stored as fallido', async () => {
    const refusing = await startSmtp({ refuse: 550 });
    current = createSmtpMailer({ url: refusing.url, from: DEFAULT_MAIL_FROM });
    try {
      const body = newMessage();
      const res = await staff.post('/v1/messages').send(body).expect(502);
      expect(res.body).toEqual({ error: { message: m.sendFailed } });
      expect(refusing.received).toEqual([]);
      const row = await lastRow();
      expect(row).toMatchObject({ ...body, status: 'fallido' });
      expect(row.error).toContain('550');
    } finally {
      await refusing.close();
    }
  });

  test('when the SMTP server is down, then 502 and it is stored as fallido', async () => {
    current = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from: DEFAULT_MAIL_FROM });
    const body = newMessage();
    const res = await staff.post('/v1/messages').send(body).expect(502);
    expect(res.body).toEqual({ error: { message: m.sendFailed } });
    expect(await lastRow()).toMatchObject({
      ...body,
      status: 'fallido',
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  test('when the SMTP server never answers, then the send gives up after its time-out: 502, fallido', async () => {
    expect(MAIL_TIMEOUT_MS).toBe(10_000);
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    current = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: DEFAULT_MAIL_FROM, timeoutMs: 300 });
    try {
      const started = Date.now();
      await staff.post('/v1/messages').send(newMessage()).expect(502);
      // Not a speed figure: the given time-out (300 ms), not the default one, made it give up.
      expect(Date.now() - started).toBeLessThan(MAIL_TIMEOUT_MS);
      expect(await lastRow()).toMatchObject({ status: 'fallido' });
    } finally {
      silent.close();
    }
  });

  test.each([
    ['no name', { user_name: '' }, 'user_name', m.nameRequired],
    ['a 2-character name', { user_name: 'Al' }, 'user_name', m.nameLength],
    ['a 16-character name', { user_name: 'x'.repeat(16) }, 'user_name', m.nameLength],
    ['no email', { user_email: '' }, 'user_email', m.emailRequired],
    ['an email without @', { user_email: 'ana.paz.correo.com' }, 'user_email', m.emailInvalid],
    ['an email with a space', { user_email: 'ana paz@correo.com' }, 'user_email', m.emailInvalid],
    ['a 14-character email', { user_email: 'ana@correo.co1' }, 'user_email', m.emailLength],
    ['a 51-character email', { user_email: `${'a'.repeat(40)}@correo.com` }, 'user_email', m.emailLength],
    ['no message', { user_message: ' ' }, 'user_message', m.messageRequired],
    ['a 3-character message', { user_message: 'Hol' }, 'user_message', m.messageLength],
    ['a 51-character message', { user_message: 'x'.repeat(51) }, 'user_message', m.messageLength],
  ])(
    'when the message has %s, then 400 with its message, nothing sent nor stored',
    async (_s, change, field, message) => {
      const [sent, stored] = [smtp.received.length, await messageCount()];
      const res = await staff.post('/v1/messages').send(newMessage(change)).expect(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
      expect(smtp.received.length).toBe(sent);
      expect(await messageCount()).toBe(stored);
    },
  );

  test('the limits themselves are accepted: 3 and 15 characters, a 15- and a 50-character email, 4 and 50 characters', async () => {
    await staff
      .post('/v1/messages')
      .send({ user_name: 'Ana', user_email: 'ana@correo.com1', user_message: 'Hola' })
      .expect(201);
    await staff
      .post('/v1/messages')
      .send({ user_name: 'x'.repeat(15), user_email: `${'a'.repeat(39)}@correo.com`, user_message: 'y'.repeat(50) })
      .expect(201);
  });
});

describe('a message to one client (the per-client form)', () => {
  const addClient = async (correo: string) =>
    (
      await staff
        .post('/v1/agregarusuario')
        .send({ idUsuario: `m-${++n}`, nombre: 'Leo Paz', edad: 30, correo, celular: 3815550000, plan: 1 })
        .expect(201)
    ).body as { idUsuario: string };

  test('when the client has a 13-character email, then it is accepted and stored with the client', async () => {
    const { idUsuario } = await addClient('leo@gym.co.ar');
    const res = await staff
      .post('/v1/messages')
      .send({ user_name: 'Leo Paz', user_email: 'leo@gym.co.ar', user_message: 'Te esperamos', idUsuario })
      .expect(201);
    expect(res.body.message).toMatchObject({ idUsuario, user_email: 'leo@gym.co.ar', status: 'enviado' });
    expect(smtp.received.at(-1)!.to).toEqual(['leo@gym.co.ar']);
    expect(await lastRow()).toMatchObject({ id_usuario: idUsuario });
  });

  test('the same 13-character email without a client is 400 (the general form asks 15 to 50)', async () => {
    const res = await staff
      .post('/v1/messages')
      .send({ user_name: 'Leo Paz', user_email: 'leo@gym.co.ar', user_message: 'Te esperamos' })
      .expect(400);
    expect(res.body.error.message).toBe(m.emailLength);
  });

  test('with a client, a 12-character email is 400 with the client rule', async () => {
    const res = await staff
      .post('/v1/messages')
      .send({ user_name: 'Leo Paz', user_email: 'le@gym.co.ar', user_message: 'Hola', idUsuario: 'demo-001' })
      .expect(400);
    expect(res.body).toEqual({
      error: { message: m.clientEmailLength, fields: { user_email: m.clientEmailLength } },
    });
  });

  test('when the client does not exist, then 404, nothing sent nor stored', async () => {
    const [sent, stored] = [smtp.received.length, await messageCount()];
    const res = await staff
      .post('/v1/messages')
      .send({ ...newMessage(), idUsuario: 'no-existe' })
      .expect(404);
    expect(res.body).toEqual({ error: { message: clientMessages.notFound } });
    expect(smtp.received.length).toBe(sent);
    expect(await messageCount()).toBe(stored);
  });

  test('when the client is deleted later, then the history keeps the message without the client', async () => {
    const { idUsuario } = await addClient('rita.paz@correo.com');
    const sent = (
      await staff
        .post('/v1/messages')
        .send({ ...newMessage({ user_email: 'rita.paz@correo.com' }), idUsuario })
        .expect(201)
    ).body.message as ContactMessage;
    await staff.post('/v1/borrarusuario').send({ idUsuario }).expect(200);
    const { messages } = (await staff.get('/v1/messages').expect(200)).body as { messages: ContactMessage[] };
    expect(messages.find((msg) => msg.id === sent.id)).toMatchObject({ idUsuario: null, status: 'enviado' });
  });
});

describe('the history (GET /v1/messages)', () => {
  test('when staff open the history, then every message, newest first, with its outcome', async () => {
    await staff
      .post('/v1/messages')
      .send(newMessage({ user_message: 'Primero' }))
      .expect(201);
    // Newest first by the real clock's millisecond: one must pass for the two to be ordered.
    await new Promise((r) => setTimeout(r, 5));
    current = createSmtpMailer({ url: `smtp://127.0.0.1:${await closedPort()}`, from: DEFAULT_MAIL_FROM });
    await staff
      .post('/v1/messages')
      .send(newMessage({ user_message: 'Segundo' }))
      .expect(502);
    const { messages } = (await staff.get('/v1/messages').expect(200)).body as { messages: ContactMessage[] };
    expect(messages).toHaveLength(await messageCount());
    expect(messages.slice(0, 2)).toEqual([
      expect.objectContaining({ user_message: 'Segundo', status: 'fallido', error: expect.any(String) }),
      expect.objectContaining({ user_message: 'Primero', status: 'enviado', error: null }),
    ]);
    const times = messages.map((msg) => Date.parse(msg.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe('the mailer built from the configuration', () => {
  test('with SMTP_URL and MAIL_FROM set, the message goes through that server from that sender', async () => {
    const app = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Gimnasio Prueba <hola@gym.test>' } });
    try {
      const body = newMessage();
      await (await app.staffAgent()).post('/v1/messages').send(body).expect(201);
      expect(smtp.received.at(-1)).toMatchObject({ from: 'hola@gym.test', to: [body.user_email] });
      expect(smtp.received.at(-1)!.data).toContain('Gimnasio Prueba');
    } finally {
      await app.close();
    }
  });

  test('without SMTP_URL, the message is written to <DATA_DIR>/outbox as an .eml a developer can read', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gym-outbox-'));
    const app = await createTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const body = newMessage();
      const res = await (await app.staffAgent()).post('/v1/messages').send(body).expect(201);
      expect(res.body.message.status).toBe('enviado');
      const files = await fs.readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await fs.readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
      expect(eml).toContain(`To: Ana Paz <${body.user_email}>`);
      expect(eml).toContain(body.user_message);
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
