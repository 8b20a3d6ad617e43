import PDFDocument from 'pdfkit';
import { countOf } from '@gym/contracts/format';
import { formatDay, formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { paymentMethodLabels, type Payment } from '@gym/contracts/memberships';
import { pesosInWords } from '../../shared/receipts';
import { drawQr, type ReceiptInvoice } from '../invoices';

export interface ReceiptGym {
  name: string;
  address: string;
}

/**
 * A payment's receipt as a one-page PDF (A5): the gym, the number, the member, the period, the
 * amount in figures and in words, the method and who recorded it; a voided payment's receipt says
 * ANULADO across it, with the reason. Helvetica is one of PDF's standard fonts: nothing to ship.
 * With its authorised `invoice` (issue 44) the receipt is the Factura C: its number, the CAE and
 * its due date, and RG 4892's QR at the bottom; without one it is the receipt alone.
 */
export function receiptPdf(
  payment: Payment,
  member: { nombre: string; idUsuario: string },
  gym: ReceiptGym,
  invoice?: ReceiptInvoice,
) {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    info: { Title: `Recibo ${payment.receipt}`, Author: gym.name, CreationDate: new Date(payment.createdAt) },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(gym.name);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(gym.address).moveDown(1.2);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(13).text(`Recibo ${payment.receipt}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Fecha: ${formatInstant(payment.createdAt)}`)
    .moveDown(1);
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Recibimos de', `${member.nombre} (socio ${member.idUsuario})`);
  line('La suma de', `${formatMoney(payment.amountCentavos)} (${pesosInWords(payment.amountCentavos)})`);
  line('En concepto de', `cuota de ${countOf(payment.months, 'mes', 'meses')}`);
  line('Período', `del ${formatDay(payment.periodFrom)} al ${formatDay(payment.periodTo)}`);
  line('Forma de pago', paymentMethodLabels[payment.method]);
  line('Registró', payment.recordedBy ?? '—');
  if (payment.voidedAt) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(28).fillColor('#b02a37').text('ANULADO', { align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`el ${formatInstant(payment.voidedAt)}: ${payment.voidReason ?? ''}`, { align: 'center' });
  }
  if (invoice) printInvoice(doc, invoice);
  doc.end();
  return done;
}

/** The invoice's block at the bottom of the page: its type and number, the CAE, and the QR beside them. */
function printInvoice(doc: PDFKit.PDFDocument, invoice: ReceiptInvoice) {
  const qrSize = 90;
  const left = doc.page.margins.left;
  const top = doc.page.height - doc.page.margins.bottom - qrSize;
  if (invoice.qrUrl) drawQr(doc, invoice.qrUrl, left, top, qrSize);
  const x = invoice.qrUrl ? left + qrSize + 12 : left;
  const width = doc.page.width - doc.page.margins.right - x;
  doc
    .fillColor('#000000')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`${invoice.kind} N° ${invoice.numero}`, x, top + 12, { width, lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`CAE: ${invoice.cae}`, x, top + 32, { width, lineBreak: false })
    .text(`Vto. CAE: ${formatDay(invoice.caeVence)}`, x, top + 48, { width, lineBreak: false });
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text('Comprobante autorizado por ARCA', x, top + 66, { width, lineBreak: false })
    .fillColor('#000000');
}
