import jsQR from 'jsqr';
import PDFDocument from 'pdfkit';
import { ARCA_QR_URL, arcaQrPayload, arcaQrUrl, drawQr, qrModules, type InvoiceQrData } from './invoice-qr';

const invoice: InvoiceQrData = {
  date: '2026-11-26',
  cuit: '20123456786',
  ptoVta: 3,
  cbteTipo: 11,
  number: 123,
  totalCentavos: 2_750_050,
  docTipo: 96,
  docNro: '30111222',
  cae: '76123456789012',
};

/** The QR's modules as an RGBA image, 4 pixels a module, the way a phone's camera sees it. */
function rasterize(modules: boolean[][], scale = 4) {
  const side = modules.length * scale;
  const pixels = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const value = modules[Math.floor(y / scale)]![Math.floor(x / scale)] ? 0 : 255;
      pixels.set([value, value, value, 255], (y * side + x) * 4);
    }
  return { pixels, side };
}

describe("an invoice's QR (ARCA's RG 4892)", () => {
  it("carries ARCA's fields: importe in pesos, the CAE as a number, the member's DNI", () => {
    expect(arcaQrPayload(invoice)).toEqual({
      ver: 1,
      fecha: '2026-11-26',
      cuit: 20123456786,
      ptoVta: 3,
      tipoCmp: 11,
      nroCmp: 123,
      importe: 27500.5,
      moneda: 'PES',
      ctz: 1,
      tipoDocRec: 96,
      nroDocRec: 30111222,
      tipoCodAut: 'E',
      codAut: 76123456789012,
    });
  });

  it('leaves the receiver out for a consumidor final without a document', () => {
    const payload = arcaQrPayload({ ...invoice, docTipo: 99, docNro: '0' });
    expect(payload).not.toHaveProperty('tipoDocRec');
    expect(payload).not.toHaveProperty('nroDocRec');
  });

  it("is ARCA's address with the JSON in base64, and a phone reads it back", () => {
    const url = arcaQrUrl(invoice);
    expect(url.startsWith(ARCA_QR_URL)).toBe(true);
    const json: unknown = JSON.parse(Buffer.from(url.slice(ARCA_QR_URL.length), 'base64').toString('utf8'));
    expect(json).toEqual(arcaQrPayload(invoice));

    const { pixels, side } = rasterize(qrModules(url));
    expect(jsQR(pixels, side, side)?.data).toBe(url);
  });

  it('draws one square per dark module on a PDF page, over a white square', async () => {
    const doc = new PDFDocument({ size: 'A5', compress: false });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const url = arcaQrUrl(invoice);
    drawQr(doc, url, 40, 40, 90);
    doc.end();
    await ended;
    const page = Buffer.concat(chunks).toString('latin1');
    const dark = qrModules(url).flat().filter(Boolean).length;
    expect(page.match(/ re\n/g)).toHaveLength(dark + 1);
  });
});
