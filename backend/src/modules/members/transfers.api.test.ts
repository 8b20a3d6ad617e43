import { PDFDocument as PdfLib } from 'pdf-lib';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import request from 'supertest';
import {
  transferDailyMessage,
  transferLimitMessages,
  transferPendingMessage,
  type DeskTransferUpload,
} from '@gym/contracts/transfer-review';
import { transferMessages as m, type TransferUpload } from '@gym/contracts/members';
import { centavos } from '@gym/contracts/money';
import type { OutgoingMail } from '../../shared/mailer';
import { createTestApp, eventually, TEST_ADMIN, type TestApp } from '../../test/test-app';

const sent: OutgoingMail[] = [];
/** When set, every mail fails as an SMTP server that is down would. */
let mailDown = false;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
type Agent = ReturnType<typeof request.agent>;

beforeAll(async () => {
  const send = async (mail: OutgoingMail) => {
    if (mailDown) throw new Error('connect ECONNREFUSED');
    sent.push(mail);
  };
  t = await createTestApp({ mailer: { send } });
  staff = await t.staffAgent();
});
afterAll(() => t.close());
afterEach(() => {
  mailDown = false;
});

const photo = () =>
  sharp({ create: { width: 800, height: 1200, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toBuffer();
const pdfFile = () =>
  new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Transferencia realizada: $ 25.000');
    doc.end();
  });

async function memberOf(idUsuario: string, email: string): Promise<Agent> {
  await staff.post(`/v1/clients/${idUsuario}/member-access`).send({ channel: 'email' }).expect(200);
  const token = /#([A-Za-z0-9_-]{43})/.exec(sent.filter((x) => x.to.address === email).at(-1)!.text)![1];
  const member = request.agent(t.app);
  await member.post('/v1/socio/enlace').send({ token }).expect(200);
  return member;
}

const upload = (member: Agent, file: Buffer, query = 'montoCentavos=2500000&meses=1') =>
  member.post(`/v1/socio/comprobantes?${query}`).set('Content-Type', 'application/octet-stream').send(file);

/** Every upload waiting, walking the desk's pages as its screen does. */
async function allPending(limit = 100): Promise<{ uploads: DeskTransferUpload[]; total: number }> {
  const uploads: DeskTransferUpload[] = [];
  for (let page = 1; ; page += 1) {
    const body = (await staff.get(`/v1/desk/comprobantes?page=${page}&limit=${limit}`).expect(200)).body;
    expect(body).toMatchObject({ page, limit, total: expect.any(Number) });
    uploads.push(...body.comprobantes);
    if (body.comprobantes.length === 0 || uploads.length >= body.total) return { uploads, total: body.total };
  }
}

const pendingOf = async (idUsuario: string) => (await allPending()).uploads.filter((u) => u.idUsuario === idUsuario);

const paidUntil = async (idUsuario: string) =>
  (await staff.get(`/v1/memberships/${idUsuario}`).expect(200)).body.membership?.paidUntil as string | null;

describe('a member’s transfer receipt, approved or rejected at the desk', () => {
  test('a photo goes to the desk’s list and count; Aprobar records the payment, moves paid-until and mails the receipt', async () => {
    const member = await memberOf('demo-002', 'juan.perez@correo.com');
    const res = await upload(member, await photo()).expect(201);
    expect(res.body).toEqual({ message: m.uploaded });
    const [waiting] = await pendingOf('demo-002');
    expect(waiting).toMatchObject({
      nombre: 'Juan Pérez',
      amountCentavos: 2_500_000,
      months: 1,
      status: 'pendiente',
      contentType: 'image/jpeg',
    });
    expect((await staff.get('/v1/desk/dashboard').expect(200)).body.comprobantes).toBeGreaterThanOrEqual(1);
    const file = await staff.get(`/v1/desk/comprobantes/${waiting!.id}/archivo`).expect(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const audit = await t
      .db('audit_log')
      .where({ entity: 'comprobante', action: 'subir' })
      .orderBy('id', 'desc')
      .first();
    expect(audit).toMatchObject({ actor_member: 'demo-002', actor_email: null });

    const before = await paidUntil('demo-002');
    const approved = await staff.post(`/v1/desk/comprobantes/${waiting!.id}/aprobar`).send({}).expect(200);
    expect(approved.body).toEqual({ message: m.approved, receipt: expect.stringMatching(/^R-\d{6}$/) });
    expect(await paidUntil('demo-002')).not.toBe(before);
    const mine = (await member.get('/v1/socio/comprobantes').expect(200)).body.comprobantes as TransferUpload[];
    expect(mine[0]).toMatchObject({ status: 'aprobado', receipt: approved.body.receipt });
    const payment = await t
      .db('membership_payments')
      .where({ id_usuario: 'demo-002' })
      .orderBy('created_at', 'desc')
      .first();
    expect({ ...payment, amount_centavos: Number(payment.amount_centavos) }).toMatchObject({
      method: 'transferencia',
      amount_centavos: 2_500_000,
      recorded_by: TEST_ADMIN.email,
    });
    const subject = `Aprobamos tu comprobante: recibo ${approved.body.receipt}`;
    const told = await eventually(
      async () => sent.find((mail) => mail.subject === subject),
      (mail) => mail !== undefined,
    );
    expect(told).toMatchObject({ to: { address: 'juan.perez@correo.com' } });
    // By first name, as every other mail to a member.
    expect(told!.text).toMatch(
      new RegExp(
        `^Hola Juan: registramos tu pago de \\$\\s25\\.000 por transferencia \\(recibo ${approved.body.receipt}\\)\\.`,
      ),
    );
  });

  test('two staff pressing Aprobar at once: one payment, one receipt number, the other told it was already reviewed', async () => {
    const member = await memberOf('demo-003', 'sofia.herrera@correo.com');
    await upload(member, await pdfFile(), 'montoCentavos=2000000&meses=1').expect(201);
    const [waiting] = await pendingOf('demo-003');
    const payments = async () => Number((await t.db('membership_payments').count({ n: '*' }).first())!.n);
    const [countBefore, counterBefore] = [await payments(), (await t.db('receipt_counter').first('last'))!.last];
    const other = await t.staffAgent();
    const answers = await Promise.all([
      staff.post(`/v1/desk/comprobantes/${waiting!.id}/aprobar`).send({}),
      other.post(`/v1/desk/comprobantes/${waiting!.id}/aprobar`).send({}),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(m.alreadyDecided);
    expect(await payments()).toBe(countBefore + 1);
    expect((await t.db('receipt_counter').first('last'))!.last).toBe(counterBefore + 1);
  });

  test('Rechazar keeps the reason, tells the member (mail down: later), and cannot be undone by a second decision', async () => {
    const member = await memberOf('demo-005', 'valeria.quiroga@correo.com');
    await upload(member, await photo(), 'montoCentavos=100000&meses=1').expect(201);
    const [waiting] = await pendingOf('demo-005');
    await staff.post(`/v1/desk/comprobantes/${waiting!.id}/rechazar`).send({ motivo: 'x' }).expect(400);
    mailDown = true;
    await staff
      .post(`/v1/desk/comprobantes/${waiting!.id}/rechazar`)
      .send({ motivo: 'El monto no coincide' })
      .expect(200, { message: m.rejected });
    const mine = (await member.get('/v1/socio/comprobantes').expect(200)).body.comprobantes as TransferUpload[];
    expect(mine[0]).toMatchObject({ status: 'rechazado', rejectReason: 'El monto no coincide' });
    // The mail server is down: the mail waits in the outbox for the retry job rather than lost.
    const kept = () =>
      t
        .db('message_outbox')
        .where({ to_address: 'valeria.quiroga@correo.com', status: 'queued' })
        .whereNotNull('last_error')
        .select('subject', 'body', 'sent_at');
    const [mail] = await eventually(kept, (rows) => rows.length > 0);
    expect(mail).toMatchObject({ subject: 'No pudimos aprobar tu comprobante', sent_at: null });
    expect(mail.body).toContain('Motivo: El monto no coincide');
    expect(mail.body).toMatch(/^Hola Valeria: revisamos el comprobante/);
    const again = await staff.post(`/v1/desk/comprobantes/${waiting!.id}/aprobar`).send({}).expect(409);
    expect(again.body.error.message).toBe(m.alreadyDecided);
  });

  test('what is not a photo or a PDF, too big, or with a wrong amount is refused in Spanish and stores nothing', async () => {
    const member = await memberOf('demo-006', 'tomas.romero@correo.com');
    const count = async () => Number((await t.db('transfer_uploads').count({ n: '*' }).first())!.n);
    const before = await count();
    expect((await upload(member, Buffer.from('<html>no</html>')).expect(400)).body.error.message).toBe(m.wrongType);
    expect((await upload(member, Buffer.alloc(5 * 1024 * 1024 + 1, 1)).expect(413)).body.error.message).toBe(
      m.tooLarge,
    );
    for (const wrong of ['montoCentavos=1234.5', 'montoCentavos=99', 'montoCentavos=mil', 'monto=25000']) {
      const res = await upload(member, await photo(), `${wrong}&meses=1`).expect(400);
      expect([wrong, res.body.error.message]).toEqual([wrong, m.amountInvalid]);
    }
    expect((await upload(member, await photo(), 'montoCentavos=100000&meses=13').expect(400)).body.error.message).toBe(
      m.monthsInvalid,
    );
    expect(await count()).toBe(before);
  });

  test('nobody but the member and staff sees an upload', async () => {
    const owner = await memberOf('demo-007', 'camila.torres@correo.com');
    await upload(owner, await photo()).expect(201);
    const [waiting] = await pendingOf('demo-007');
    await owner.get(`/v1/socio/comprobantes/${waiting!.id}/archivo`).expect(200);
    const stranger = await memberOf('demo-009', 'martina.lopez@correo.com');
    await stranger.get(`/v1/socio/comprobantes/${waiting!.id}/archivo`).expect(404);
    expect((await stranger.get('/v1/socio/comprobantes').expect(200)).body.comprobantes).toEqual([]);
    await request(t.app).get(`/v1/desk/comprobantes/${waiting!.id}/archivo`).expect(401);
    await owner.get('/v1/desk/comprobantes').expect(401);
  });

  test('every uploaded file is served as a download, unsniffed and sandboxed, to the desk and to its member', async () => {
    const member = await memberOf('demo-010', 'nico.castro@correo.com');
    await upload(member, await photo()).expect(201);
    await upload(member, await pdfFile()).expect(201);
    const files = await pendingOf('demo-010');
    expect(files.map((f) => f.contentType).sort()).toEqual(['application/pdf', 'image/jpeg']);
    for (const f of files) {
      for (const res of [
        await staff.get(`/v1/desk/comprobantes/${f.id}/archivo`).expect(200),
        await member.get(`/v1/socio/comprobantes/${f.id}/archivo`).expect(200),
      ]) {
        expect(res.headers['content-type']).toBe(f.contentType);
        expect(res.headers['content-disposition']).toMatch(
          /^attachment; filename="comprobante-[0-9a-f]{8}\.(pdf|jpeg)"$/,
        );
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe('sandbox');
      }
    }
  });

  test('a file that only starts and ends like a PDF, or a PDF with no page, is refused and stores nothing', async () => {
    const member = await memberOf('demo-011', 'julieta.alvarez@correo.com');
    const count = async () => Number((await t.db('transfer_uploads').count({ n: '*' }).first())!.n);
    const before = await count();
    const disguised = Buffer.from('%PDF-1.7\n<html><script>fetch("/v1/auth/me")</script></html>\n%%EOF\n', 'latin1');
    expect((await upload(member, disguised).expect(400)).body.error.message).toBe(transferLimitMessages.pdfInvalid);
    const empty = Buffer.from(await (await PdfLib.create()).save({ addDefaultPage: false }));
    expect(empty.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await upload(member, empty).expect(400)).body.error.message).toBe(transferLimitMessages.pdfInvalid);
    expect(await count()).toBe(before);
  });
});

describe('a member cannot fill the database: 3 waiting, 10 a day', () => {
  const small = () =>
    sharp({ create: { width: 60, height: 90, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
  const stored = async (idUsuario: string) =>
    Number((await t.db('transfer_uploads').where({ id_usuario: idUsuario }).count({ n: '*' }).first())!.n);
  /** The desk decided them all (the rows written as a rejection writes them). */
  const decideAll = (idUsuario: string) =>
    t
      .db('transfer_uploads')
      .where({ id_usuario: idUsuario, status: 'pendiente' })
      .update({ status: 'rechazado', decided_at: new Date(), reject_reason: 'Monto ilegible' });

  test('a fourth receipt while three wait is refused with a 409 that names the three; after a decision, one more fits', async () => {
    const member = await memberOf('demo-004', 'mateo.diaz@correo.com');
    for (const centavos of [100_000, 200_000, 300_000])
      await upload(member, await small(), `montoCentavos=${centavos}&meses=1`).expect(201);
    const refused = await upload(member, await small(), 'montoCentavos=400000&meses=1').expect(409);
    const waiting = await t
      .db('transfer_uploads')
      .where({ id_usuario: 'demo-004', status: 'pendiente' })
      .orderBy('created_at')
      .select('amount_centavos', 'created_at');
    expect(refused.body.error.message).toMatch(
      /^Ya tenés 3 comprobantes esperando revisión: \$\s1\.000 \(subido el \d\d\/\d\d\/\d{4} \d\d:\d\d\), \$\s2\.000 \(subido el .+\), \$\s3\.000 \(subido el .+\)\. Cuando recepción los revise vas a poder subir otro\.$/,
    );
    expect(refused.body.error.message).toBe(
      transferPendingMessage(
        waiting.map((w) => ({
          amountCentavos: centavos(Number(w.amount_centavos)),
          createdAt: w.created_at.toISOString(),
        })),
      ),
    );
    expect(await stored('demo-004')).toBe(3);
    const [first] = await pendingOf('demo-004');
    await staff.post(`/v1/desk/comprobantes/${first!.id}/rechazar`).send({ motivo: 'Monto ilegible' }).expect(200);
    await upload(member, await small(), 'montoCentavos=400000&meses=1').expect(201);
    expect(await stored('demo-004')).toBe(4);
  });

  test('six uploads sent at once: three stored, three refused', async () => {
    const member = await memberOf('demo-001', 'lucia.fernandez@correo.com');
    const file = await small();
    const answers = await Promise.all([...Array(6).keys()].map(() => upload(member, file)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(await stored('demo-001')).toBe(3);
  });

  test('the eleventh upload of the day is refused with a 429 and stores nothing; refused files do not count', async () => {
    const member = await memberOf('demo-012', 'agustin.vera@correo.com');
    const file = await small();
    // A file the API refuses is not an upload of the day.
    await upload(member, Buffer.from('<html>no</html>')).expect(400);
    for (let n = 1; n <= 10; n += 1) {
      await upload(member, file).expect(201);
      if (n % 3 === 0) await decideAll('demo-012');
    }
    await decideAll('demo-012');
    const refused = await upload(member, file).expect(429);
    expect(refused.body.error.message).toBe(transferDailyMessage(10));
    expect(refused.body.error.message).toBe(
      'Ya subiste 10 comprobantes en las últimas 24 horas, el máximo. Podés subir otro más tarde o acercarte a recepción.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored('demo-012')).toBe(10);
  });
});

describe('the desk sees every receipt waiting', () => {
  test('one member’s flood does not hide another’s: the pages reach them all, oldest first, as many as the dashboard counts', async () => {
    const flood = await t
      .db('transfer_uploads')
      .insert(
        [...Array(230).keys()].map((i) => ({
          id_usuario: 'demo-008',
          content_type: 'image/png',
          bytes: Buffer.from([i % 256]),
          amount_centavos: 100_000,
          months: 1,
          created_at: new Date(Date.now() - (300 - i) * 60_000),
        })),
      )
      .returning('id');
    try {
      const member = await memberOf('demo-009', 'martina.lopez@correo.com');
      await upload(member, await photo(), 'montoCentavos=1800000&meses=1').expect(201);

      const first = (await staff.get('/v1/desk/comprobantes').expect(200)).body;
      expect(first).toMatchObject({ page: 1, limit: 20 });
      expect(first.comprobantes).toHaveLength(20);
      const times = first.comprobantes.map((u: TransferUpload) => u.createdAt);
      expect(times).toEqual([...times].sort());

      const { uploads, total } = await allPending();
      const dashboard = (await staff.get('/v1/desk/dashboard').expect(200)).body.comprobantes;
      expect(dashboard).toBe(total);
      expect(total).toBeGreaterThanOrEqual(231);
      expect(uploads).toHaveLength(total);
      expect(new Set(uploads.map((u) => u.id)).size).toBe(total);
      expect(uploads.filter((u) => u.idUsuario === 'demo-008')).toHaveLength(230);
      expect(uploads.at(-1)).toMatchObject({
        idUsuario: 'demo-009',
        nombre: 'Martina López',
        amountCentavos: 1_800_000,
      });

      const bad = await staff.get('/v1/desk/comprobantes?limit=500').expect(400);
      expect(bad.body.error.message).toBe(transferLimitMessages.pageInvalid);
    } finally {
      await t
        .db('transfer_uploads')
        .whereIn(
          'id',
          flood.map((r: { id: string }) => r.id),
        )
        .delete();
    }
  });

  test('the card’s figures: what was declared, months × the plan’s fee today, and how far the member has paid', async () => {
    const member = await memberOf('demo-011', 'julieta.alvarez@correo.com');
    await upload(member, await photo(), 'montoCentavos=100000&meses=2').expect(201);
    const [card] = await pendingOf('demo-011');
    const plan = await t
      .db({ c: 'clients' })
      .join({ p: 'plans' }, 'p.id_plan', 'c.plan')
      .where('c.id_usuario', 'demo-011')
      .first('p.nombre_plan', 'p.cuota_mensual_centavos');
    const membership = await t.db('memberships').where({ id_usuario: 'demo-011' }).first(t.db.raw('paid_until::text'));
    const fee = Number(plan.cuota_mensual_centavos);
    expect(card).toMatchObject({
      nombre: 'Julieta Álvarez',
      amountCentavos: 100_000,
      months: 2,
      planName: plan.nombre_plan,
      planPriceCentavos: fee,
      expectedCentavos: 2 * fee,
      paidUntil: membership.paid_until,
    });
    expect(card!.paidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(card!.amountCentavos).toBeLessThan(card!.expectedCentavos);
  });
});
