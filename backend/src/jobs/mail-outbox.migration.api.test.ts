import type { Knex } from 'knex';
import { createLogger } from '../logger';
import { retryDueMails } from '../shared/mail-retry';
import type { OutgoingMail } from '../shared/mailer';
import { createTestDatabase, migrateUpTo } from '../test/test-database';
import { manualClock } from '../test/test-app';

let db: Knex;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

test('migration 0040_mail_outbox moves the mails waiting in mail_retries into the outbox, which sends them', async () => {
  await migrateUpTo(db, '0040_mail_outbox');
  const clock = manualClock();
  const now = clock.now();
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const pdf = Buffer.from('%PDF-1.7 recibo').toString('base64');
  await db('mail_retries').insert([
    {
      to_name: 'Ana Socia',
      to_address: 'ana@example.com',
      subject: 'Tu recibo',
      body: 'Hola, Ana.',
      attachments: JSON.stringify([{ filename: 'recibo.pdf', contentType: 'application/pdf', base64: pdf }]),
      first_failed_at: ago(30),
      attempts: 3,
      next_attempt_at: ago(1),
      last_error: 'connect ECONNREFUSED',
    },
    {
      to_name: 'Beto',
      to_address: 'beto@example.com',
      subject: 'Tu pedido',
      body: 'Hola, Beto.',
      first_failed_at: ago(90),
      attempts: 2,
      next_attempt_at: ago(80),
      last_error: 'timeout',
      sent_at: ago(85),
    },
  ]);
  await db.migrate.latest();
  expect(await db.schema.hasTable('mail_retries')).toBe(false);
  const rows = await db('message_outbox').orderBy('seq');
  expect(rows.map((r) => [r.to_address, r.channel, r.template, r.status, r.attempts, r.id_usuario])).toEqual([
    ['ana@example.com', 'email', 'correo', 'queued', 3, null],
    ['beto@example.com', 'email', 'correo', 'sent', 2, null],
  ]);

  const sent: OutgoingMail[] = [];
  const mailer = { send: async (mail: OutgoingMail) => void sent.push(mail) };
  const logger = createLogger({ level: 'silent', pretty: false });
  expect(await retryDueMails({ db, mailer, logger, clock })).toMatchObject({ sent: 1, waiting: 0 });
  expect(sent).toEqual([
    {
      to: { name: 'Ana Socia', address: 'ana@example.com' },
      subject: 'Tu recibo',
      text: 'Hola, Ana.',
      attachments: [{ filename: 'recibo.pdf', contentType: 'application/pdf', content: Buffer.from(pdf, 'base64') }],
    },
  ]);
  // A WhatsApp row still needs its client; an e-mail row needs its addressee.
  await expect(
    db('message_outbox').insert({
      channel: 'email',
      template: 'correo',
      idempotency_key: 'sin-destinatario',
      created_at: now,
      updated_at: now,
    }),
  ).rejects.toMatchObject({ code: '23514' });

  // And back: the mails the old table could hold return to it (its down, whatever ran after it).
  await db.migrate.down({ name: '0040_mail_outbox' });
  expect((await db('mail_retries').orderBy('id')).map((r) => [r.to_address, r.sent_at !== null, r.attempts])).toEqual([
    ['ana@example.com', true, 4],
    ['beto@example.com', true, 2],
  ]);
  await db.migrate.latest();
});
