import { encode } from 'uqr';

/**
 * The QR every electronic invoice must print (ARCA's RG 4892): its address is
 * https://www.afip.gob.ar/fe/qr/?p= followed by the voucher's data as base64 JSON, so anyone can
 * check the CAE with a phone. Field names and types are ARCA's ("QR specifications", version 1).
 */
export const ARCA_QR_URL = 'https://www.afip.gob.ar/fe/qr/?p=';

export interface InvoiceQrData {
  /** The day the voucher was issued, YYYY-MM-DD. */
  date: string;
  /** The gym's CUIT, 11 digits. */
  cuit: string;
  ptoVta: number;
  /** 11 Factura C, 13 Nota de Crédito C. */
  cbteTipo: number;
  number: number;
  totalCentavos: number;
  /** 96 DNI, 99 consumidor final without a document (then no document goes in the QR). */
  docTipo: number;
  docNro: string;
  cae: string;
}

export interface ArcaQrPayload {
  ver: 1;
  fecha: string;
  cuit: number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  importe: number;
  moneda: 'PES';
  ctz: 1;
  tipoDocRec?: number;
  nroDocRec?: number;
  tipoCodAut: 'E';
  codAut: number;
}

/** The JSON ARCA's QR carries, in the order of its specification. */
export function arcaQrPayload(invoice: InvoiceQrData): ArcaQrPayload {
  const withDocument = invoice.docTipo !== 99 && Number(invoice.docNro) > 0;
  return {
    ver: 1,
    fecha: invoice.date,
    cuit: Number(invoice.cuit),
    ptoVta: invoice.ptoVta,
    tipoCmp: invoice.cbteTipo,
    nroCmp: invoice.number,
    // Pesos with at most two decimals, as the voucher's ImpTotal.
    importe: invoice.totalCentavos / 100,
    moneda: 'PES',
    ctz: 1,
    ...(withDocument ? { tipoDocRec: invoice.docTipo, nroDocRec: Number(invoice.docNro) } : {}),
    tipoCodAut: 'E',
    codAut: Number(invoice.cae),
  };
}

/** The address the QR encodes. */
export const arcaQrUrl = (invoice: InvoiceQrData): string =>
  ARCA_QR_URL + Buffer.from(JSON.stringify(arcaQrPayload(invoice))).toString('base64');

/** The QR's modules (true is dark), with the quiet zone of four modules a reader needs. */
export const qrModules = (text: string): boolean[][] => encode(text, { ecc: 'M', border: 4 }).data;

/** What draws on a PDF page (a pdfkit document). */
interface Canvas {
  rect(x: number, y: number, w: number, h: number): this;
  fill(color: string): this;
}

/** Draws the QR of `text` as dark squares `size` points wide with its top-left corner at (x, y). */
export function drawQr(doc: Canvas, text: string, x: number, y: number, size: number): void {
  const modules = qrModules(text);
  const cell = size / modules.length;
  doc.rect(x, y, size, size).fill('#ffffff');
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(x + c * cell, y + r * cell, cell, cell);
    }),
  );
  doc.fill('#000000');
}
