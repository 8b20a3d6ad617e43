import PDFDocument from 'pdfkit';
import { countOf } from '@gym/contracts/format';
import { formatDay, formatInstant } from '@gym/contracts/format-dates';
import { formatMoney } from '@gym/contracts/format-money';
import { paymentMethodLabels, type Payment } from '@gym/contracts/memberships';
import { pesosInWords } from '@gym/contracts/receipts';

export interface ReceiptGym {
  name: string;
  address: string;
}

/**
 * A payment's receipt as a one-page PDF (A5): the gym, the number, the member, the period, the
 * amount in figures and in words, the method and who recorded it; a voided payment's receipt says
 * ANULADO across it, with the reason. Helvetica is one of PDF's standard fonts: nothing to ship.
 */
export function receiptPdf(payment: Payment, member: { nombre: string; idUsuario: string }, gym: ReceiptGym) {
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
  doc.end();
  return done;
}
