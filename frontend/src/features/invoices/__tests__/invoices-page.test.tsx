import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { invoiceMessages, type InvoiceMonthSummary, type InvoiceView } from '@gym/contracts/invoices';
import { centavos } from '@gym/contracts/money';
import { serveApi, type ApiRequest } from '@/test/api-server';
import InvoicesPage from '../pages/invoices-page';

jest.mock('@/components/alerts', () => ({ showAlert: jest.fn(() => Promise.resolve()) }));
jest.setTimeout(20_000);

const authorised: InvoiceView = {
  id: '0b6f3d4e-1c2a-4f5b-9d8e-7a6b5c4d3e21',
  tipo: 'Factura C',
  cbteTipo: 11,
  numero: '0003-00000123',
  estado: 'autorizada',
  detalle: 'Cuota de 1 mes (R-000045)',
  totalCentavos: centavos(2_500_000),
  fecha: '2026-11-20',
  cae: '76470123456789',
  caeVence: '2026-11-30',
  mensajeArca: null,
  queHacer: null,
  intentos: 1,
  receptor: { dni: null, condicionIvaReceptor: 5 },
  pagoId: '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  pedidoId: null,
  facturaAsociadaId: null,
  creadaAt: '2026-11-20T13:00:00.000Z',
};
const rejected: InvoiceView = {
  ...authorised,
  id: '1c7f4e5a-2d3b-4a6c-8e9f-0a1b2c3d4e5f',
  numero: null,
  estado: 'rechazada',
  detalle: 'Cuota de 1 mes (R-000046)',
  totalCentavos: centavos(1_800_000),
  fecha: null,
  cae: null,
  caeVence: null,
  mensajeArca: '(10015) El DNI informado no es válido',
  queHacer: invoiceMessages.whatToDo.rejected,
  intentos: 1,
  creadaAt: '2026-11-21T14:30:00.000Z',
};
const creditNote: InvoiceView = {
  ...authorised,
  id: '2d8a5f6b-3e4c-4b7d-9f0a-1b2c3d4e5f60',
  tipo: 'Nota de Crédito C',
  cbteTipo: 13,
  numero: '0003-00000007',
  detalle: 'Anulado: Cuota de 1 mes (R-000040)',
  totalCentavos: centavos(1_200_000),
  cae: '76470123450000',
  facturaAsociadaId: authorised.id,
};

const month = (over: Partial<InvoiceMonthSummary> = {}): InvoiceMonthSummary => ({
  mes: '2026-11',
  facturadoCentavos: centavos(2_500_000),
  facturasCentavos: centavos(3_700_000),
  notasCreditoCentavos: centavos(1_200_000),
  pendienteCentavos: centavos(0),
  ingresosCentavos: centavos(4_300_000),
  diferenciaCentavos: centavos(1_800_000),
  ...over,
});

const pageOf = (facturas: InvoiceView[], total = facturas.length, page = 1) => ({ facturas, total, page, limit: 50 });

/** The list as the API filters it: by `estado` when given. */
const listing =
  (all: InvoiceView[], total?: number) =>
  ({ query }: ApiRequest) => {
    const estado = query.get('estado');
    const facturas = estado ? all.filter((f) => f.estado === estado) : all;
    return { body: pageOf(facturas, total ?? facturas.length, Number(query.get('page') ?? 1)) };
  };

const renderPage = (at = '/admin/facturas') =>
  render(
    <MemoryRouter initialEntries={[at]}>
      <InvoicesPage />
    </MemoryRouter>,
  );

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent?.replace(/\s/g, ' '));

describe('the Facturas screen', () => {
  test('lists the invoices: number, type, date, total, CAE and its due date; a rejected one with ARCA’s words', async () => {
    serveApi({
      'GET /v1/facturas': listing([rejected, creditNote, authorised]),
      'GET /v1/facturas/resumen': () => ({ body: month() }),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Facturas' });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(cells(rows[2]!).slice(0, 6)).toEqual([
      '0003-00000123',
      'Factura CCuota de 1 mes (R-000045)',
      '20/11/2026',
      '$ 25.000',
      '76470123456789vence 30/11/2026',
      'Autorizada',
    ]);
    expect(cells(rows[1]!).slice(0, 2)).toEqual([
      '0003-00000007',
      'Nota de Crédito CAnulado: Cuota de 1 mes (R-000040)',
    ]);
    expect(cells(rows[0]!)[0]).toBe('—');
    expect(within(rows[0]!).getByText('(10015) El DNI informado no es válido')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(`Qué hacer: ${invoiceMessages.whatToDo.rejected}`)).toBeInTheDocument();
    // Only a rejected one is retried.
    expect(screen.getAllByRole('button', { name: 'Corregir y reintentar' })).toHaveLength(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Corregir y reintentar' })).toBeInTheDocument();
    // The rejected tab counts them.
    expect(await screen.findByRole('button', { name: 'Rechazadas 1 por revisar' })).toBeInTheDocument();
  });

  test('a week before ARCA’s certificate ends the owner is told what to do, above the list', async () => {
    const aviso = invoiceMessages.certificateEnding('3/12/2026');
    serveApi({
      'GET /v1/facturas': listing([authorised]),
      'GET /v1/facturas/resumen': () => ({ body: month() }),
      'GET /v1/facturas/estado': () => ({
        body: { activa: true, cuit: '20111111112', puntoDeVenta: 3, certificadoVence: '2026-12-03', aviso },
      }),
    });
    renderPage();
    expect(await screen.findByRole('note', { name: 'Certificado de ARCA' })).toHaveTextContent(aviso);
  });

  test('while an invoice waits for ARCA the list asks again by itself, and shows it authorised', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let waiting = true;
      const api = serveApi({
        'GET /v1/facturas': () => ({
          body: pageOf([waiting ? { ...authorised, estado: 'pendiente', numero: null, cae: null } : authorised]),
        }),
        'GET /v1/facturas/resumen': () => ({ body: month() }),
      });
      renderPage();
      const table = await screen.findByRole('table', { name: 'Facturas' });
      await within(table).findByText('Pendiente');
      waiting = false;
      await act(() => jest.advanceTimersByTimeAsync(10_000));
      expect(await within(table).findByText('Autorizada')).toBeInTheDocument();
      const asked = api.calls.filter((c) => c.path === '/v1/facturas' && !c.query.get('estado')).length;
      // Authorised, nothing waits: no more asking.
      await act(() => jest.advanceTimersByTimeAsync(30_000));
      expect(api.calls.filter((c) => c.path === '/v1/facturas' && !c.query.get('estado'))).toHaveLength(asked);
    } finally {
      jest.useRealTimers();
    }
  });

  test('with the certificate fine there is no warning', async () => {
    const api = serveApi({
      'GET /v1/facturas': listing([authorised]),
      'GET /v1/facturas/resumen': () => ({ body: month() }),
      'GET /v1/facturas/estado': () => ({
        body: { activa: true, cuit: '20111111112', puntoDeVenta: 3, certificadoVence: '2027-06-30', aviso: null },
      }),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Facturas' });
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/v1/facturas/estado'));
    expect(screen.queryByRole('note', { name: 'Certificado de ARCA' })).not.toBeInTheDocument();
  });

  test('the tabs filter by state and the pages move through the list', async () => {
    const api = serveApi({
      'GET /v1/facturas': listing([rejected, authorised], 120),
      'GET /v1/facturas/resumen': () => ({ body: month() }),
    });
    renderPage();
    await screen.findByRole('table', { name: 'Facturas' });
    expect(screen.getByText('120 facturas')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/v1/facturas' && c.query.get('page') === '2')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Autorizadas' }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.path === '/v1/facturas' && c.query.get('estado') === 'autorizada' && c.query.get('page') === '1',
        ),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Autorizadas' })).toHaveAttribute('aria-current', 'page');
  });

  test('a rejected invoice’s receiver is corrected in place and retried; the answer stays on screen', async () => {
    let current = rejected;
    const api = serveApi({
      'GET /v1/facturas': () => ({ body: pageOf([current]) }),
      'GET /v1/facturas/resumen': () => ({ body: month() }),
      'POST /v1/facturas/*': () => {
        current = {
          ...rejected,
          estado: 'pendiente',
          mensajeArca: null,
          queHacer: invoiceMessages.whatToDo.waiting,
          receptor: { dni: '30123456', condicionIvaReceptor: 5 },
        };
        return { body: { message: invoiceMessages.retried, factura: current } };
      },
    });
    renderPage('/admin/facturas?estado=rechazada');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Corregir y reintentar' }));
    const form = screen.getByRole('form', { name: /Corregir el receptor/ });
    // Cancelled: nothing is sent and the row is as it was.
    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('form', { name: /Corregir el receptor/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Corregir y reintentar' }));
    const fix = screen.getByRole('form', { name: /Corregir el receptor/ });
    const dni = within(fix).getByLabelText('DNI del receptor');
    // A DNI of three digits is refused under the field, before anything is sent.
    await user.type(dni, '123');
    await user.click(within(fix).getByRole('button', { name: 'Corregir y reintentar' }));
    expect(await within(fix).findByText(invoiceMessages.badDni)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(dni);
    await user.type(dni, '30.123.456');
    expect(within(fix).getByLabelText('Condición frente al IVA')).toHaveValue('5');
    await user.click(within(fix).getByRole('button', { name: 'Corregir y reintentar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(invoiceMessages.retried);
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe(`/v1/facturas/${rejected.id}/reintentar`);
    expect(post?.body).toEqual({ dni: '30123456', condicionIvaReceptor: 5 });
    // The list loads again: the invoice waits for ARCA now.
    expect(await screen.findByText('Pendiente')).toBeInTheDocument();
  });

  test('the month: invoiced next to income, the difference highlighted, and agreeing when it is zero', async () => {
    const api = serveApi({
      'GET /v1/facturas': listing([authorised]),
      'GET /v1/facturas/resumen': ({ query }) => ({
        body:
          query.get('mes') === '2026-10'
            ? month({
                mes: '2026-10',
                facturadoCentavos: centavos(900_000),
                ingresosCentavos: centavos(900_000),
                diferenciaCentavos: centavos(0),
              })
            : month(),
      }),
    });
    renderPage();
    expect((await screen.findByTestId('invoiced')).textContent?.replace(/\s/g, ' ')).toBe('$ 25.000');
    expect(screen.getByTestId('income').textContent?.replace(/\s/g, ' ')).toBe('$ 43.000');
    const difference = screen.getByTestId('invoice-difference');
    expect(difference).toHaveClass('alert-warning');
    expect(difference.textContent?.replace(/\s/g, ' ')).toBe(
      'Diferencia: $ 18.000 cobrados sin facturar (pendientes, rechazadas o sin factura).',
    );

    fireEvent.change(screen.getByLabelText('Mes'), { target: { value: '2026-10' } });
    await waitFor(() =>
      expect(screen.getByTestId('invoice-difference')).toHaveTextContent(
        'Coinciden: todo lo cobrado en el mes está facturado.',
      ),
    );
    expect(screen.getByTestId('invoiced').textContent?.replace(/\s/g, ' ')).toBe('$ 9.000');
    expect(api.calls.some((c) => c.path === '/v1/facturas/resumen' && c.query.get('mes') === '2026-10')).toBe(true);
  });

  test('while invoicing is off the list is empty and the screen says how to turn it on', async () => {
    serveApi({
      'GET /v1/facturas': listing([]),
      'GET /v1/facturas/resumen': () => ({
        body: month({
          facturadoCentavos: centavos(0),
          facturasCentavos: centavos(0),
          notasCreditoCentavos: centavos(0),
        }),
      }),
    });
    renderPage();
    expect(
      await screen.findByText(/La facturación electrónica no está configurada o no se registró ningún pago/),
    ).toBeInTheDocument();
    expect(screen.getByText('docs/invoicing.md')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Facturas' })).not.toBeInTheDocument();
    // A state with none says so plainly.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Rechazadas' }));
    expect(await screen.findByText('No hay facturas rechazadas.')).toBeInTheDocument();
  });
});
