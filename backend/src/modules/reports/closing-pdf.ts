import PDFDocument from 'pdfkit';
import { CLOSING_METHODS, type CashClosing } from '@gym/contracts/reports';
import { differenceText, formatMoney } from '@gym/contracts/format-money';
import { plus } from '@gym/contracts/money';
import { formatInstant } from '@gym/contracts/format-dates';
import { paymentMethodLabels } from '@gym/contracts/memberships';

/**
 * A closing on one A5 page, to print and sign: who, the shift, what was expected per method
 * (membership payments and shop orders), the cash counted and the difference, the note.
 */
export function closingPdf(c: CashClosing, gym: { name: string; address: string }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    margin: 40,
    info: { Title: `Cierre de caja ${formatInstant(c.hasta)}`, Author: gym.name, CreationDate: new Date(c.hasta) },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(gym.name);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(gym.address).moveDown(1.2);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(13).text('Cierre de caja');
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Del ${formatInstant(c.desde)} al ${formatInstant(c.hasta)}`)
    .moveDown(0.6);
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Cerró', `${c.staff.nombre} (${c.staff.email})`);
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(10).text('Esperado por medio de pago (cuotas + pedidos)');
  for (const method of CLOSING_METHODS) {
    const { cuotasCentavos: cuotas, pedidosCentavos: pedidos } = c.esperado.porMetodo[method];
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `${paymentMethodLabels[method]}: ${formatMoney(plus(cuotas, pedidos))} (${formatMoney(cuotas)} + ${formatMoney(pedidos)})`,
      );
  }
  doc.moveDown(0.6);
  line('Efectivo esperado', formatMoney(c.esperado.efectivoCentavos));
  line('Efectivo contado', formatMoney(c.contadoCentavos));
  // Worded as the screen says it ("faltan $ 100"), not as a signed amount.
  line('Diferencia', differenceText(c.diferenciaCentavos));
  if (c.nota) line('Nota', c.nota);
  doc.moveDown(3).font('Helvetica').fontSize(9).text('Firma: ______________________________');
  doc.end();
  return done;
}
