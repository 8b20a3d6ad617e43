import type { Knex } from 'knex';
import { PDFParse } from 'pdf-parse';
import request from 'supertest';
import { signedInAs } from '../../test/role-agents';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { createTestDatabase, migrateUpTo } from '../../test/test-database';
import type { OutgoingMail } from '../../shared/mailer';

let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
const sent: OutgoingMail[] = [];

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void sent.push(mail) } });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

/** A PDF's text as a reader (pdf.js) extracts it. */
async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const pdf = (agent: ReturnType<typeof request.agent> | ReturnType<typeof request>, path: string) =>
  (agent as ReturnType<typeof request.agent>)
    .get(path)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });

const pay = async (idUsuario: string, amountCentavos = 2_500_000) =>
  (
    await staff
      .post(`/v1/memberships/${idUsuario}/payments`)
      .send({ amountCentavos, method: 'efectivo', months: 1 })
      .expect(201)
  ).body.payment as { id: string; receipt: string; recordedBy: string };

describe('numbered receipts', () => {
  test('each payment takes the next number of one sequence, also when five are recorded at once', async () => {
    const first = await pay('demo-006');
    const ids = ['demo-007', 'demo-008', 'demo-009', 'demo-010', 'demo-011'];
    const payments = await Promise.all(ids.map((id) => pay(id)));
    const start = Number(first.receipt.slice(2));
    expect(first.receipt).toMatch(/^R-\d{6}$/);
    expect(payments.map((p) => Number(p.receipt.slice(2))).sort((a, b) => a - b)).toEqual(
      [1, 2, 3, 4, 5].map((n) => start + n),
    );
    // Who recorded it, by name (the seeded owner's account), not by login e-mail.
    expect(first.recordedBy).toBe('Administrador Principal');
  });

  test('staff download the receipt: the gym, the number, the member, the amount in figures and words', async () => {
    const payment = await pay('demo-012', 2_500_000);
    const res = await pdf(staff, `/v1/payments/${payment.id}/recibo`).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=recibo-${payment.receipt}.pdf`);
    const text = await pdfText(res.body as Buffer);
    for (const part of [
      'Gimnasio',
      `Recibo ${payment.receipt}`,
      'Agustín Vera (socio demo-012)',
      '$ 25.000 (veinticinco mil pesos)',
      'cuota de 1 mes',
      'Efectivo',
      'Registró: Administrador Principal',
    ]) {
      expect(text.replace(/\u00a0/g, ' ')).toContain(part);
    }
    expect(text).not.toContain('ANULADO');
    expect(text).not.toContain(TEST_ADMIN.email);
  });

  test('the receipt names the staff member who recorded the payment, not their login e-mail', async () => {
    const desk = await signedInAs(t, 'recepcion');
    await t.db('accounts').where({ email: desk.email }).update({ name: 'Lucía', lastname: 'Gómez' });
    const recorded = await desk.agent
      .post('/v1/memberships/demo-011/payments')
      .send({ amountCentavos: 2_500_000, method: 'transferencia', months: 1 })
      .expect(201);
    expect(recorded.body.payment.recordedBy).toBe('Lucía Gómez');
    const text = await pdfText((await pdf(staff, `/v1/payments/${recorded.body.payment.id}/recibo`)).body as Buffer);
    expect(text).toContain('Registró: Lucía Gómez');
    expect(text).not.toContain(desk.email);
    // The payment still belongs to her login: her cash closing counts it.
    expect((await t.db('membership_payments').where({ id: recorded.body.payment.id }).first()).recorded_by).toBe(
      desk.email,
    );
  });

  test('a seeded payment’s receipt names the seed’s staff member', async () => {
    const detail = (await staff.get('/v1/memberships/demo-001').expect(200)).body as {
      payments: { id: string; recordedBy: string | null; createdAt: string }[];
    };
    const seeded = detail.payments.at(-1)!;
    expect(seeded.recordedBy).toBe('Administrador Principal');
    const text = await pdfText((await pdf(staff, `/v1/payments/${seeded.id}/recibo`).expect(200)).body as Buffer);
    expect(text).toContain('Registró: Administrador Principal');
  });

  test('a voided payment’s receipt says ANULADO, with the reason', async () => {
    const payment = await pay('demo-012', 12000);
    await staff.post(`/v1/payments/${payment.id}/void`).send({ reason: 'Cargado dos veces' }).expect(200);
    const text = await pdfText((await pdf(staff, `/v1/payments/${payment.id}/recibo`).expect(200)).body as Buffer);
    expect(text).toContain('ANULADO');
    expect(text).toContain('Cargado dos veces');
  });

  test('staff send a receipt by e-mail with its PDF, or as a WhatsApp message, and the trail says so', async () => {
    const payment = await pay('demo-012', 2_500_000);
    const mailed = await staff.post(`/v1/payments/${payment.id}/recibo/enviar`).send({ channel: 'email' }).expect(200);
    expect(mailed.body).toEqual({ message: 'Le enviamos el recibo por e-mail', whatsappUrl: null });
    const mail = sent.at(-1)!;
    expect(mail).toMatchObject({ to: { address: 'agustin.vera@correo.com' }, subject: `Tu recibo ${payment.receipt}` });
    expect(mail.attachments?.[0]).toMatchObject({
      filename: `recibo-${payment.receipt}.pdf`,
      contentType: 'application/pdf',
    });
    expect(await pdfText(mail.attachments![0]!.content)).toContain(`Recibo ${payment.receipt}`);

    const chat = await staff.post(`/v1/payments/${payment.id}/recibo/enviar`).send({ channel: 'whatsapp' }).expect(200);
    expect(chat.body.whatsappUrl).toMatch(new RegExp(`^https://wa\\.me/549\\d{10}\\?text=.*${payment.receipt}`));
    await staff.post(`/v1/payments/${payment.id}/recibo/enviar`).send({ channel: 'paloma' }).expect(400);
    const rows = await t.db('audit_log').where({ entity: 'membresia', action: 'enviar_recibo' }).orderBy('id');
    expect(rows.slice(-2).map((r) => (r.after as { canal: string }).canal)).toEqual(['email', 'whatsapp']);
  });

  test('a member downloads their own receipts from the portal, never another member’s', async () => {
    const own = await pay('demo-005');
    const other = await pay('demo-012');
    await staff.post('/v1/clients/demo-005/member-access').send({ channel: 'email' }).expect(200);
    const token = /#([A-Za-z0-9_-]{43})/.exec(
      sent.filter((m) => m.to.address === 'valeria.quiroga@correo.com').at(-1)!.text,
    )![1];
    const member = request.agent(t.app);
    await member.post('/v1/socio/enlace').send({ token }).expect(200);
    const text = await pdfText((await pdf(member, `/v1/socio/recibos/${own.id}`).expect(200)).body as Buffer);
    expect(text).toContain(own.receipt);
    await member.get(`/v1/socio/recibos/${other.id}`).expect(404);
    await member.get(`/v1/payments/${own.id}/recibo`).expect(401);
  });
});

describe('migration 0021_payment_receipts numbers the payments a previous release recorded', () => {
  let db: Knex;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  test('by when they were recorded, with the counter at their count', async () => {
    await migrateUpTo(db, '0020_member_access');
    await db('plans').insert({
      codigo_plan: 'p-1',
      id_plan: 1,
      nombre_plan: 'PLAN',
      description: 'D',
      precio_centavos: 100_000,
      cuota_mensual_centavos: 100_000,
    });
    const trainer = await db('trainers').first('id');
    await db('clients').insert({
      id_usuario: 'c-1',
      nombre: 'Ana Gómez',
      edad: 30,
      correo: 'ana@correo.com',
      celular: 3811234567,
      plan: 1,
      turno: 'Mañana',
      trainer_id: trainer.id,
    });
    const payment = (day: string) => ({
      id_usuario: 'c-1',
      amount_centavos: 100_000,
      plan_price_centavos: 100_000,
      id_plan: 1,
      method: 'efectivo',
      months: 1,
      period_from: day,
      period_to: day,
      days_added: 30,
      created_at: `${day}T12:00:00Z`,
    });
    await db('membership_payments').insert([payment('2026-10-01'), payment('2026-08-01'), payment('2026-09-01')]);
    await db.migrate.latest();
    const rows = await db('membership_payments').orderBy('created_at').select('receipt_number');
    expect(rows.map((r) => r.receipt_number)).toEqual([1, 2, 3]);
    expect(await db('receipt_counter').first('last')).toEqual({ last: 3 });
  });
});
