import { PDFParse } from 'pdf-parse';
import { centavos, ZERO } from '@gym/contracts/money';
import type { CashClosing } from '@gym/contracts/reports';
import { closingPdf } from './closing-pdf';

/** A PDF's text as a reader (pdf.js) extracts it, one line per line, spaces as plain spaces. */
async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/[\u00a0\u202f]/g, ' ');
  } finally {
    await parser.destroy();
  }
}

const closing = (contado: number, diferencia: number): CashClosing => ({
  id: '7c1f6a52-3a2e-4c55-9a43-1b2f0f3f5a10',
  staff: { email: 'rita@gym.com', nombre: 'Rita Paz' },
  desde: '2027-01-31T03:00:00.000Z',
  hasta: '2027-02-01T02:55:00.000Z',
  esperado: {
    desde: '2027-01-31T03:00:00.000Z',
    hasta: '2027-02-01T02:55:00.000Z',
    porMetodo: {
      efectivo: { cuotasCentavos: centavos(1_150_000), pedidosCentavos: centavos(410_000) },
      transferencia: { cuotasCentavos: centavos(500_000), pedidosCentavos: ZERO },
      tarjeta: { cuotasCentavos: centavos(300_000), pedidosCentavos: ZERO },
      mercadopago: { cuotasCentavos: ZERO, pedidosCentavos: centavos(250_000) },
    },
    efectivoCentavos: centavos(1_560_000),
    pagos: 4,
    pedidos: 2,
    anulados: 0,
  },
  contadoCentavos: centavos(contado),
  diferenciaCentavos: centavos(diferencia),
  nota: diferencia === 0 ? null : 'Vuelto mal dado',
});
const gym = { name: 'Gimnasio', address: 'San Martín 100, Tucumán' };

describe('the closing’s PDF', () => {
  test.each([
    [1_550_000, -10_000, 'Diferencia: faltan $ 100'],
    [1_565_050, 5_050, 'Diferencia: sobran $ 50,50'],
    [1_560_000, 0, 'Diferencia: sin diferencia'],
  ])('counted %i centavos (%i against the expected): the PDF says "%s"', async (contado, diferencia, line) => {
    const text = await pdfText(await closingPdf(closing(contado, diferencia), gym));
    expect(text.split('\n')).toContain(line);
    expect(text).not.toMatch(/Diferencia: -/);
  });

  test('each method’s total under its own name: Mercado Pago as it is written', async () => {
    const lines = (await pdfText(await closingPdf(closing(1_560_000, 0), gym))).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Efectivo esperado: $ 15.600',
        'Efectivo contado: $ 15.600',
        'Mercado Pago: $ 2.500 ($ 0 + $ 2.500)',
      ]),
    );
  });
});
