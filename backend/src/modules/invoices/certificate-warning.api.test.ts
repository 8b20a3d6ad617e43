import path from 'node:path';
import { formatDay } from '@gym/contracts/format-dates';
import { invoiceMessages as m } from '@gym/contracts/invoices';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { startFakeArca, TEST_CA_DIR, TEST_CUIT, type FakeArca } from '../../../../scripts/fake-arca/server';
import { runJobOnce } from '../../jobs';
import { mailRetryJob } from '../../jobs/mail-retry';
import { createLogger } from '../../logger';
import { mailDispatcherIdle } from '../../shared/mail-retry';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { testMailer } from '../../test/test-mailer';
import { invoicesJob } from '.';

// Issue 44: a week before ARCA's certificate ends, the day before and once it has ended, the job
// e-mails the owners, each warning once (the panel and Facturas say it every day). The mails go
// through the outbox (issue 46): sent a moment after the run, tried again when SMTP refuses.
const logger = createLogger({ level: 'silent', pretty: false });
jest.setTimeout(60_000);

let arca: FakeArca;
let t: TestApp;
const { mailer: collecting, sent } = testMailer();

beforeAll(async () => {
  arca = await startFakeArca();
  t = await createTestApp({
    env: {
      ARCA_CUIT: TEST_CUIT,
      ARCA_PTO_VTA: '3',
      ARCA_CERT: path.join(TEST_CA_DIR, 'gym-test.crt'),
      ARCA_KEY: path.join(TEST_CA_DIR, 'gym-test.key'),
      ARCA_WSAA_URL: arca.wsaaUrl,
      ARCA_WSFE_URL: arca.wsfeUrl,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await arca.stop();
});

test('the owners are mailed a week before, the day before and once it ended: each warning once', async () => {
  const ends = t.config.invoicing!.certExpiresAt;
  const clock = manualClock(new Date(ends.getTime() - 10 * 86_400_000));
  const run = async () => {
    const done = await runJobOnce(
      invoicesJob,
      { db: t.db, logger, clock, config: t.config, mailer: collecting },
      {
        force: true,
      },
    );
    await mailDispatcherIdle({ db: t.db, mailer: collecting, logger, clock });
    return done;
  };
  const owners = (await t.db('accounts').where({ role: 'dueno', activo: true }).pluck('email')) as string[];
  expect(owners.length).toBeGreaterThan(0);
  const day = formatDay(tucumanToday(ends));

  await run();
  expect(sent).toEqual([]);

  clock.advanceMinutes(4 * 24 * 60); // six days before
  expect((await run()).result).toMatchObject({ avisoCertificado: 'semana' });
  await run();
  expect(sent.map((s) => [s.to.address, s.subject])).toEqual(
    owners.map((o) => [o, `El certificado de ARCA vence el ${day}`]),
  );
  expect(sent[0]!.text).toContain(m.certificateEnding(day));

  clock.advanceMinutes(5.5 * 24 * 60); // half a day before
  await run();
  await run();
  clock.advanceMinutes(24 * 60); // ended
  await run();
  await run();
  expect(sent.map((s) => s.subject)).toEqual([
    ...owners.map(() => `El certificado de ARCA vence el ${day}`),
    ...owners.map(() => `El certificado de ARCA vence el ${day}`),
    ...owners.map(() => 'Venció el certificado de ARCA'),
  ]);
  expect(sent.at(-1)!.text).toContain(m.certificateExpired);
  expect(await t.db('arca_certificate_warnings').orderBy('sent_at').pluck('step')).toEqual([
    'semana',
    'dia',
    'vencido',
  ]);
});

test('a mail the SMTP server refuses stays in the outbox and the retry job sends it: the warning is told once', async () => {
  // The first story's warnings forgotten, their mails too (their outbox keys would keep them told).
  await t.db('arca_certificate_warnings').del();
  await t.db('message_outbox').where('idempotency_key', 'like', 'certificado-arca:%').del();
  const ends = t.config.invoicing!.certExpiresAt;
  // After the first story's runs (the job's claim never goes back in time): the certificate has ended.
  const clock = manualClock(new Date(ends.getTime() + 2 * 86_400_000));
  const smtp = testMailer('down');
  const { mailer, sent: later } = smtp;
  const ctx = { db: t.db, logger, clock, config: t.config, mailer };
  expect((await runJobOnce(invoicesJob, ctx, { force: true })).ran).toBe(true);
  await mailDispatcherIdle({ db: t.db, mailer, logger, clock });
  expect(later).toEqual([]);
  expect(await t.db('arca_certificate_warnings').pluck('step')).toEqual(['vencido']);
  const queued = await t.db('message_outbox').where('idempotency_key', 'like', 'certificado-arca:%:vencido:%');
  expect(queued.length).toBeGreaterThan(0);
  expect(queued.every((row) => row.status === 'queued' && row.last_error === 'connect ECONNREFUSED 127.0.0.1:25')).toBe(
    true,
  );

  // The next run does not queue it again; the retry job sends it once SMTP answers.
  await runJobOnce(invoicesJob, ctx, { force: true });
  smtp.state = 'up';
  clock.advanceMinutes(1);
  await runJobOnce(mailRetryJob, ctx, { force: true });
  expect(later.map((mail) => mail.subject)).toEqual(queued.map(() => 'Venció el certificado de ARCA'));
  expect(later[0]!.text).toContain(m.certificateExpired);
  expect(await t.db('arca_certificate_warnings').pluck('step')).toEqual(['vencido']);
});
