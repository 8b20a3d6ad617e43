import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { parseMoneyInput } from '@gym/contracts/money-input';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, signInAsStaff, stamp } from './admin-session';

// Issue 44: the stack runs with the fake ARCA and its test certificate (global-setup.js), so a
// payment recorded at the desk is invoiced by the job, and its receipt becomes the Factura C.
const s = useBrowser();
const QR_PREFIX = 'https://www.afip.gob.ar/fe/qr/?p=';
/** The fake ARCA's test CUIT (scripts/fake-arca/server.ts TEST_CUIT) and the stack's punto de venta. */
const CUIT = 20123456786;
const PTO_VTA = 3;

/** What a reader of the PDF sees: its text, and its first page drawn as pixels. */
async function readPdf(body: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    const text = (await parser.getText()).text.replace(/\u00a0/g, ' ');
    const shot = await parser.getScreenshot({ scale: 3, imageBuffer: true, imageDataUrl: false, first: 1 });
    const png = PNG.sync.read(Buffer.from(shot.pages[0]!.data));
    return { text, png };
  } finally {
    await parser.destroy();
  }
}

test('a payment recorded at the desk becomes a Factura C: its PDF has the number, the CAE and ARCA’s QR', async () => {
  const { page, errors } = s;
  await signInAsStaff(page);
  const nombre = `Factura ${stamp()}`;
  const created = await page.request.post('/v1/agregarusuario', {
    data: { nombre, edad: 33, correo: `factura.${stamp()}@e2e.test`, celular: 3815550002, plan: 1 },
  });
  expect(created.status()).toBe(201);
  const { idUsuario } = (await created.json()) as { idUsuario: string };

  await page.goto(`/editarusuario/${idUsuario}`);
  await page.getByLabel('Meses').fill('1');
  await page.getByLabel('Medio de pago').selectOption('efectivo');
  const read = parseMoneyInput(await page.getByLabel('Monto ($)').inputValue());
  if (!read.ok) throw new Error(read.message);
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  await popup(page, /^¿Registrar el pago de \$/)
    .getByRole('button', { name: 'Sí, registrar' })
    .click();
  await sawNotice(page, 'Pago registrado');
  await popupGone(page);

  const link = page.getByRole('link', { name: /^R-\d{6} \(PDF\)$/ }).first();
  const receipt = (await link.textContent())!.replace(' (PDF)', '');
  const href = (await link.getAttribute('href'))!;

  // The job asks ARCA for the CAE in the API itself, at each 15-second tick of its scheduler (the
  // operator's CLI is not needed, and beside a run under way it would only be told to wait).
  // The Facturas screen shows it pending, then (asking again by itself) authorised, with its number.
  await page.goto('/admin/facturas');
  const row = page.getByRole('table', { name: 'Facturas' }).getByRole('row').filter({ hasText: receipt });
  await row.getByText('Autorizada').waitFor({ timeout: 100_000 });
  expect(await row.textContent()).toMatch(/^0003-\d{8}Factura C/);

  // The receipt on the client's page is the invoice.
  const pdf = await page.request.get(href);
  expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  const { text, png } = await readPdf(await pdf.body());
  const numero = /Factura C N° (0003-(\d{8}))/.exec(text);
  const cae = /CAE: (\d{14})/.exec(text);
  expect(numero).not.toBeNull();
  expect(cae).not.toBeNull();
  expect(text).toMatch(/Vto\. CAE: \d\d\/\d\d\/\d{4}/);

  // The QR, read from the drawn page as a phone would, carries RG 4892's JSON for this voucher.
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(qr?.data.startsWith(QR_PREFIX)).toBe(true);
  const payload: unknown = JSON.parse(Buffer.from(qr!.data.slice(QR_PREFIX.length), 'base64').toString('utf8'));
  expect(payload).toEqual({
    ver: 1,
    fecha: tucumanToday(new Date()),
    cuit: CUIT,
    ptoVta: PTO_VTA,
    tipoCmp: 11,
    nroCmp: Number(numero![2]),
    importe: read.centavos / 100,
    moneda: 'PES',
    ctz: 1,
    tipoCodAut: 'E',
    codAut: Number(cae![1]),
  });
  expect(errors).toEqual([]);
}, 180_000);
