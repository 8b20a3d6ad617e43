import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { closingMessages, type CashClosing, type CashExpectation } from '@gym/contracts/reports';
import { confirmAction } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import CashPage from '../pages/cash-page';
import { centavos } from '@gym/contracts/money';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);
const confirm = jest.mocked(confirmAction);

const expected: CashExpectation = {
  desde: '2027-01-31T03:00:00.000Z',
  hasta: '2027-02-01T02:55:00.000Z',
  porMetodo: {
    efectivo: { cuotasCentavos: centavos(1_150_000), pedidosCentavos: centavos(410_000) },
    transferencia: { cuotasCentavos: centavos(500_000), pedidosCentavos: centavos(0) },
    tarjeta: { cuotasCentavos: centavos(300_000), pedidosCentavos: centavos(0) },
    mercadopago: { cuotasCentavos: centavos(0), pedidosCentavos: centavos(250_000) },
  },
  efectivoCentavos: centavos(1_560_000),
  pagos: 4,
  pedidos: 2,
  anulados: 1,
};
const closing: CashClosing = {
  id: '7c1f6a52-3a2e-4c55-9a43-1b2f0f3f5a10',
  staff: { email: 'rita@gym.com', nombre: 'Rita Paz' },
  desde: expected.desde,
  hasta: expected.hasta,
  esperado: expected,
  contadoCentavos: centavos(1_550_000),
  diferenciaCentavos: centavos(-10_000),
  nota: 'Vuelto mal dado',
};

describe('the cash closing screen', () => {
  test('shows what is expected per method, the difference as it is typed, and closes with what was counted', async () => {
    const api = serveApi({
      'GET /v1/caja': () => ({ body: { esperado: expected, cierres: [] } }),
      'GET /v1/caja/cierres': () => ({ body: { dia: '2027-01-31', cierres: [closing] } }),
      'POST /v1/caja/cierres': () => ({ status: 201, body: { cierre: closing } }),
    });
    confirm.mockResolvedValue(true);
    render(
      <MemoryRouter>
        <CashPage />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table', { name: 'Esperado por medio de pago' });
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(row('Efectivo')).toEqual(['$ 11.500', '$ 4.100', '$ 15.600']);
    expect(row('Transferencia')).toEqual(['$ 5.000', '$ 0', '$ 5.000']);
    expect(row('Mercado Pago')).toEqual(['$ 0', '$ 2.500', '$ 2.500']);
    expect(screen.getByTestId('cash-expected').textContent?.replace(/\s/g, ' ')).toBe(
      'Efectivo esperado en la caja: $ 15.600',
    );
    expect(screen.getByText(/4 pagos de cuotas y 2 pedidos cobrados; 1 pago anulado no cuenta\./)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Efectivo contado ($)'), '15500');
    expect(screen.getByLabelText('Efectivo contado ($)')).toHaveValue('15.500');
    expect(screen.getByTestId('cash-difference').textContent?.replace(/\s/g, ' ')).toBe('Diferencia: faltan $ 100');
    await user.type(screen.getByLabelText('Nota (si hay diferencia)'), 'Vuelto mal dado');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({ title: '¿Cerrar tu caja?', confirmText: 'Cerrar caja' }),
    );
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = api.calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({ contadoCentavos: centavos(1_550_000), nota: 'Vuelto mal dado' });
    // The owner's list of the day, with each closing's PDF.
    expect(await screen.findByText(/Rita Paz/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'PDF' })[0]).toHaveAttribute(
      'href',
      `/v1/caja/cierres/${closing.id}/pdf`,
    );
  });

  test('the owner downloads the accountant’s month as Excel or CSV, and its Libro IVA Ventas', async () => {
    serveApi({
      'GET /v1/caja': () => ({ body: { esperado: expected, cierres: [closing] } }),
      'GET /v1/caja/cierres': () => ({ body: { dia: '2027-01-31', cierres: [] } }),
    });
    render(
      <MemoryRouter>
        <CashPage />
      </MemoryRouter>,
    );
    const month = await screen.findByLabelText('Mes');
    // The month picker is the browser's: jsdom takes its value as a change.
    fireEvent.change(month, { target: { value: '2027-01' } });
    expect(screen.getByRole('link', { name: 'Descargar Excel' })).toHaveAttribute(
      'href',
      '/v1/reportes/contable?mes=2027-01&formato=xlsx',
    );
    expect(screen.getByRole('link', { name: 'Descargar CSV' })).toHaveAttribute(
      'href',
      '/v1/reportes/contable?mes=2027-01&formato=csv',
    );
    // The month's Libro IVA Ventas: the vouchers ARCA authorised (issue 44).
    expect(screen.getByRole('link', { name: 'Libro IVA Ventas (CSV)' })).toHaveAttribute(
      'href',
      '/v1/reportes/contable?mes=2027-01&formato=libro-iva',
    );
    expect(screen.getByText(/Cada línea lleva su Factura C/)).toBeInTheDocument();
    expect(screen.getByText(/El año 2027 entero/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Excel del año' })).toHaveAttribute(
      'href',
      '/v1/reportes/contable?anio=2027&formato=xlsx',
    );
    expect(screen.getByRole('link', { name: 'CSV del año' })).toHaveAttribute(
      'href',
      '/v1/reportes/contable?anio=2027&formato=csv',
    );
  });

  test.each([
    ['15.600', 'sin diferencia'],
    ['15600', 'sin diferencia'],
    ['15.600,50', 'sobran $ 0,50'],
    ['7.400', 'faltan $ 8.200'],
    ['7,4', 'faltan $ 15.592,60'],
  ])('the count typed "%s" reads as pesos: %s', async (typed, difference) => {
    serveApi({
      'GET /v1/caja': () => ({ body: { esperado: expected, cierres: [] } }),
      'GET /v1/caja/cierres': () => ({ body: { dia: '2027-01-31', cierres: [] } }),
    });
    render(
      <MemoryRouter>
        <CashPage />
      </MemoryRouter>,
    );
    await userEvent.type(await screen.findByLabelText('Efectivo contado ($)'), typed);
    expect(screen.getByTestId('cash-difference').textContent?.replace(/\s/g, ' ')).toBe(`Diferencia: ${difference}`);
  });

  test('after closing, the form is empty for the new shift: no "sobran" against nothing expected', async () => {
    const empty: CashExpectation = {
      ...expected,
      desde: expected.hasta,
      porMetodo: {
        efectivo: { cuotasCentavos: centavos(0), pedidosCentavos: centavos(0) },
        transferencia: { cuotasCentavos: centavos(0), pedidosCentavos: centavos(0) },
        tarjeta: { cuotasCentavos: centavos(0), pedidosCentavos: centavos(0) },
        mercadopago: { cuotasCentavos: centavos(0), pedidosCentavos: centavos(0) },
      },
      efectivoCentavos: centavos(0),
      pagos: 0,
      pedidos: 0,
      anulados: 0,
    };
    let closed = false;
    serveApi({
      'GET /v1/caja': () => ({
        body: closed ? { esperado: empty, cierres: [closing] } : { esperado: expected, cierres: [] },
      }),
      'GET /v1/caja/cierres': () => ({ body: { dia: '2027-01-31', cierres: [] } }),
      'POST /v1/caja/cierres': () => {
        closed = true;
        return { status: 201, body: { cierre: closing } };
      },
    });
    confirm.mockResolvedValue(true);
    render(
      <MemoryRouter>
        <CashPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Efectivo contado ($)'), '15.600');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    await screen.findByText(/Esperado \$\s15\.600, contado \$\s15\.500/);
    await waitFor(() =>
      expect(screen.getByTestId('cash-expected').textContent?.replace(/\s/g, ' ')).toBe(
        'Efectivo esperado en la caja: $ 0',
      ),
    );
    expect(screen.getByLabelText('Efectivo contado ($)')).toHaveValue('');
    expect(screen.queryByTestId('cash-difference')).not.toBeInTheDocument();
    expect(screen.queryByText(/sobran/)).not.toBeInTheDocument();
  });

  test('a difference with no note says "escribí una nota" under the note, and nothing is asked or sent', async () => {
    const api = serveApi({
      'GET /v1/caja': () => ({ body: { esperado: expected, cierres: [] } }),
      'GET /v1/caja/cierres': () => ({ body: { dia: '2027-01-31', cierres: [] } }),
      'POST /v1/caja/cierres': () => ({ status: 201, body: { cierre: closing } }),
    });
    confirm.mockClear();
    confirm.mockResolvedValue(true);
    render(
      <MemoryRouter>
        <CashPage />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Efectivo contado ($)'), '15.500');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    const note = screen.getByLabelText('Nota (si hay diferencia)');
    await waitFor(() => expect(note).toHaveAccessibleDescription(closingMessages.noteRequired));
    expect(closingMessages.noteRequired).toBe('Hay diferencia con lo esperado: escribí una nota que la explique');
    expect(confirm).not.toHaveBeenCalled();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(note, 'Vuelto mal dado');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        contadoCentavos: centavos(1_550_000),
        nota: 'Vuelto mal dado',
      }),
    );
  });
});
