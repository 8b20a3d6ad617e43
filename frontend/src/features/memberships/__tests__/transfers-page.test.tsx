import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { formatMoney } from '@gym/contracts/format-money';
import type { DeskTransferPage, DeskTransferUpload } from '@gym/contracts/transfer-review';
import { confirmAction } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import TransfersPage from '../pages/transfers-page';
import { centavos } from '@gym/contracts/money';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(() => Promise.resolve(false)),
}));
jest.setTimeout(20_000);

const upload = (over: Partial<DeskTransferUpload>): DeskTransferUpload => ({
  id: '6f1c2a9e-0000-4000-8000-000000000001',
  idUsuario: 'demo-004',
  nombre: 'Mateo Díaz',
  amountCentavos: centavos(100_000),
  months: 2,
  contentType: 'image/jpeg',
  status: 'pendiente',
  createdAt: '2026-11-20T13:30:00.000Z',
  decidedAt: null,
  rejectReason: null,
  receipt: null,
  planName: 'BOXEO',
  planPriceCentavos: centavos(2_500_000),
  expectedCentavos: centavos(5_000_000),
  paidUntil: '2026-12-20',
  ...over,
});

/** As a reader compares it: the money's no-break space as a plain one. */
const money = (amount: number) => formatMoney(centavos(amount)).replace(/\s/g, ' ');

const renderPage = () =>
  render(
    <MemoryRouter>
      <TransfersPage />
    </MemoryRouter>,
  );

describe('the desk’s receipts to review', () => {
  test('the card shows what was declared, months × the plan’s fee, a warning when short, and the paid-until', async () => {
    serveApi({
      'GET /v1/desk/comprobantes': () => ({
        body: {
          comprobantes: [
            upload({}),
            upload({
              id: '6f1c2a9e-0000-4000-8000-000000000002',
              idUsuario: 'demo-011',
              nombre: 'Julieta Álvarez',
              amountCentavos: centavos(2_000_000),
              months: 1,
              planName: 'YOGA',
              planPriceCentavos: centavos(2_000_000),
              expectedCentavos: centavos(2_000_000),
              paidUntil: null,
            }),
          ],
          total: 2,
          page: 1,
          limit: 20,
        } satisfies DeskTransferPage,
      }),
    });
    renderPage();
    const short = await screen.findByRole('article', { name: 'Comprobante de Mateo Díaz' });
    expect(
      within(short).getByText(`Corresponde: 2 meses × ${money(2_500_000)} (plan BOXEO) = ${money(5_000_000)}`),
    ).toBeInTheDocument();
    expect(within(short).getByRole('status')).toHaveTextContent(
      `Declaró ${money(100_000)}, menos de lo que corresponde: faltan ${money(4_900_000)}.`,
    );
    expect(within(short).getByText('Cuota pagada hasta el 20/12/2026')).toBeInTheDocument();
    expect(within(short).getByRole('link', { name: 'Comprobante de Mateo Díaz' })).not.toHaveAttribute('target');

    const exact = screen.getByRole('article', { name: 'Comprobante de Julieta Álvarez' });
    expect(within(exact).queryByRole('status')).toBeNull();
    expect(within(exact).getByText('Cuota sin pagos registrados')).toBeInTheDocument();

    await userEvent.click(within(short).getByRole('button', { name: 'Aprobar' }));
    expect(jest.mocked(confirmAction)).toHaveBeenCalledWith(
      expect.objectContaining({
        text:
          '2 meses, por transferencia. Se le envía el recibo. Cuota pagada hasta el 20/12/2026. ' +
          `Declaró ${formatMoney(centavos(100_000))}, menos de lo que corresponde: faltan ${formatMoney(centavos(4_900_000))}.`,
      }),
    );
  });

  test('every receipt is reachable: the pages go past the first, with the total the dashboard counts', async () => {
    const api = serveApi({
      'GET /v1/desk/comprobantes': ({ query }) => {
        const page = Number(query.get('page'));
        const comprobantes =
          page === 2
            ? [upload({ id: '6f1c2a9e-0000-4000-8000-000000000099', idUsuario: 'demo-009', nombre: 'Martina López' })]
            : [upload({})];
        return { body: { comprobantes, total: 21, page, limit: 20 } satisfies DeskTransferPage };
      },
    });
    renderPage();
    await screen.findByRole('article', { name: 'Comprobante de Mateo Díaz' });
    expect(screen.getByText('21 comprobantes por revisar, los más antiguos primero')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await screen.findByRole('article', { name: 'Comprobante de Martina López' });
    expect(api.calls.map((c) => c.query.get('page'))).toEqual(['1', '2']);
  });
});
