import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import type request from 'supertest';
import { TEST_CA_DIR, TEST_CUIT } from '../../../../scripts/fake-arca/server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ARCA_QR_URL } from './invoice-qr';
import { invoiceReads } from '.';

// Invoicing is on (the test CA's certificate), but no job runs: each payment's Factura C stays
// pendiente until a story authorises it by hand, as the job would with ARCA's answer.
const PTO_VTA = 3;
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ARCA_CUIT: TEST_CUIT,
      ARCA_PTO_VTA: String(PTO_VTA),
      ARCA_CERT: path.join(TEST_CA_DIR, 'gym-test.crt'),
      ARCA_KEY: path.join(TEST_CA_DIR, 'gym-test.key'),
    },
  });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

/** A PDF's text as a reader (pdf.js) extracts it, non-breaking spaces as spaces. */
async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\u00a0/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const receipt = async (paymentId: string) =>
  pdfText(
    (
      await (staff as ReturnType<typeof request.agent>)
        .get(`/v1/payments/${paymentId}/recibo`)
        .buffer(true)
        .parse((res, callback) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => callback(null, Buffer.concat(chunks)));
        })
        .expect(200)
    ).body as Buffer,
  );

const pay = async (idUsuario: string) =>
  (
    await staff
      .post(`/v1/memberships/${idUsuario}/payments`)
      .send({ amountCentavos: 2_500_000, method: 'efectivo', months: 1 })
      .expect(201)
  ).body.payment as { id: string; receipt: string };

/** What the job writes when ARCA answers with a CAE. */
const authorise = (paymentId: string, number: number) =>
  t.db('invoices').where({ membership_payment_id: paymentId, kind: 'factura_c' }).update({
    state: 'autorizada',
    number,
    cbte_date: '2026-11-20',
    cae: '76470123456789',
    cae_due_date: '2026-11-30',
    authorised_at: new Date(),
  });

describe("a receipt with its payment's authorised invoice", () => {
  test('is the Factura C: number, CAE and its due date, beside the receipt itself', async () => {
    const payment = await pay('demo-012');
    expect(await authorise(payment.id, 123)).toBe(1);
    const text = await receipt(payment.id);
    expect(text).toContain(`Recibo ${payment.receipt}`);
    expect(text).toContain('$ 25.000 (veinticinco mil pesos)');
    expect(text).toContain('Factura C N° 0003-00000123');
    expect(text).toContain('CAE: 76470123456789');
    expect(text).toContain('Vto. CAE: 30/11/2026');
  });

  test("carries RG 4892's QR data: the gym's CUIT, the voucher and its CAE", async () => {
    const payment = await pay('demo-011');
    await authorise(payment.id, 124);
    // demo-011 has a DNI: the invoice names its receiver.
    const { doc_nro } = await t.db('invoices').where({ membership_payment_id: payment.id }).first();
    const found = await invoiceReads(t.db, t.config.invoicing).authorisedForPayment(payment.id);
    expect(found).toMatchObject({
      kind: 'Factura C',
      numero: '0003-00000124',
      cae: '76470123456789',
      caeVence: '2026-11-30',
    });
    expect(found!.qrUrl!.startsWith(ARCA_QR_URL)).toBe(true);
    expect(JSON.parse(Buffer.from(found!.qrUrl!.slice(ARCA_QR_URL.length), 'base64').toString('utf8'))).toEqual({
      ver: 1,
      fecha: '2026-11-20',
      cuit: Number(TEST_CUIT),
      ptoVta: PTO_VTA,
      tipoCmp: 11,
      nroCmp: 124,
      importe: 25000,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 96,
      nroDocRec: Number(doc_nro),
      tipoCodAut: 'E',
      codAut: 76470123456789,
    });
  });

  test('while its invoice waits for ARCA the receipt is the receipt alone', async () => {
    const payment = await pay('demo-010');
    const row = await t.db('invoices').where({ membership_payment_id: payment.id }).first();
    expect(row.state).toBe('pendiente');
    expect(await invoiceReads(t.db, t.config.invoicing).authorisedForPayment(payment.id)).toBeUndefined();
    const text = await receipt(payment.id);
    expect(text).toContain(`Recibo ${payment.receipt}`);
    expect(text).not.toContain('Factura C');
    expect(text).not.toContain('CAE');
  });

  test('a rejected invoice prints nothing of it either', async () => {
    const payment = await pay('demo-009');
    await t
      .db('invoices')
      .where({ membership_payment_id: payment.id })
      .update({ state: 'rechazada', arca_errors: JSON.stringify([{ code: 10016, msg: 'Número fuera de orden' }]) });
    expect(await receipt(payment.id)).not.toContain('CAE');
  });
});
