import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ACTIVE_MEMBERS_DEFINITION, INCOME_DEFINITION } from '@gym/contracts/reports';
import {
  membershipMessages as m,
  type MembershipDetail,
  type MembershipPage,
  type Payment,
  type Reminder,
} from '@gym/contracts/memberships';
import { confirmAction } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import { aDashboard } from '@/test/fixtures';
import { expectNotice, renderNotices } from '@/test/notices';
import { DeskDashboard, MembershipSection } from '..';
import { confirmPayment } from '../components/membership-section';
import DeskPage from '../pages/desk-page';
import { centavos } from '@gym/contracts/money';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);
const confirm = jest.mocked(confirmAction);

const detail = (over: Partial<MembershipDetail> = {}): MembershipDetail => ({
  membership: {
    idUsuario: 'demo-004',
    startDate: '2026-08-05',
    paidUntil: '2026-11-20',
    cycleDay: 5,
    state: 'vencida',
    pausedSince: null,
    aptoFecha: null,
    aptoVence: null,
    aptoValido: false,
  },
  planPriceCentavos: centavos(250_000),
  payments: [],
  pauses: [],
  reminders: [],
  ...over,
});

function Where() {
  const location = useLocation();
  return <output aria-label="ubicación">{location.pathname + location.search}</output>;
}

describe('the membership on the client page', () => {
  test('shows the state dd/mm/aaaa, flags the apto, and records a payment with the plan price as default', async () => {
    let current = detail();
    const api = serveApi({
      'GET /v1/memberships/demo-004': () => ({ body: current }),
      'POST /v1/memberships/demo-004/payments': () => {
        current = detail({ membership: { ...current.membership!, state: 'activa', paidUntil: '2026-12-23' } });
        return { status: 201, body: { detail: current } };
      },
    });
    render(<MembershipSection idUsuario="demo-004" />);
    renderNotices();
    const section = await screen.findByRole('region', { name: /Membresía/ });
    expect(within(section).getByText('Vencida')).toBeInTheDocument();
    expect(within(section).getAllByText('Sin apto físico').length).toBeGreaterThan(0);
    expect(screen.getByTestId('membership-summary')).toHaveTextContent('Pagado hasta el 20/11/2026');
    expect(screen.getByLabelText('Monto ($)')).toHaveValue('2.500');

    await userEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText(m.methodRequired)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Medio de pago'), 'efectivo');
    confirm.mockResolvedValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: '¿Registrar el pago de $\u00a02.500?',
        text: expect.stringMatching(/^demo-004 · 1 mes, del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4} · Efectivo\.$/),
      }),
    );
    await expectNotice(m.paymentSaved);
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      amountCentavos: centavos(250_000),
      method: 'efectivo',
      months: 1,
      note: '',
    });
    expect(await screen.findByText('Activa')).toBeInTheDocument();
    expect(screen.getByTestId('membership-summary')).toHaveTextContent('Pagado hasta el 23/12/2026');
  });
});

describe('the desk list', () => {
  const page: MembershipPage = {
    items: [
      {
        idUsuario: 'demo-004',
        nombre: 'Mateo Díaz',
        correo: 'mateo.diaz@correo.com',
        celular: 3815123404,
        plan: 1,
        nombrePlan: 'BOXEO',
        paidUntil: '2026-11-20',
        state: 'vencida',
        pausedSince: null,
        aptoVence: null,
        aptoValido: false,
        lastReminder: { at: '2026-11-21T13:05:00.000Z', channel: 'email' },
      },
    ],
    total: 1,
    page: 1,
    limit: 25,
  };

  test('filters go to the URL and the API; the CSV link carries them; cells carry their labels', async () => {
    const api = serveApi({
      'GET /v1/desk/memberships': () => ({ body: page }),
      'GET /v1/obtenerlistadeplanes': () => ({ body: [] }),
    });
    render(
      <MemoryRouter initialEntries={['/membresias?estado=vencidas']}>
        <Routes>
          <Route
            path="/membresias"
            element={
              <>
                <DeskPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    const row = (await screen.findByRole('link', { name: 'Mateo Díaz' })).closest('tr')!;
    expect(within(row).getByText('20/11/2026')).toHaveAttribute('data-label', 'Vence el');
    expect(within(row).getByText('21/11/2026 10:05 por e-mail')).toHaveAttribute('data-label', 'Último recordatorio');
    // One client is "1 cliente", never "1 clientes".
    expect(screen.getByText('1 cliente')).toBeInTheDocument();
    expect(screen.queryByText(/1 clientes/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Vencidas' })).toHaveAttribute('aria-current', 'page');
    await userEvent.type(screen.getByLabelText('Buscar por nombre, email o código'), 'mateo');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('ubicación')).toHaveTextContent('/membresias?estado=vencidas&q=mateo'),
    );
    await waitFor(() => expect(api.calls.at(-1)!.query.get('q')).toBe('mateo'));
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      '/v1/desk/export?estado=vencidas&q=mateo',
    );
  });
});

describe('the dashboard', () => {
  test('every figure links to its list; income shows this month against last', async () => {
    const figures = aDashboard();
    serveApi({ 'GET /v1/desk/dashboard': () => ({ body: figures }) });
    render(
      <MemoryRouter>
        <DeskDashboard />
      </MemoryRouter>,
    );
    const vencidas = await screen.findByRole('link', { name: /Vencidas/ });
    expect(vencidas).toHaveAttribute('href', '/membresias?estado=vencidas');
    expect(vencidas).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: /Sin apto físico/ })).toHaveAttribute(
      'href',
      '/membresias?estado=sin-apto',
    );
    const comprobantes = screen.getByRole('link', { name: /Comprobantes por revisar/ });
    expect(comprobantes).toHaveAttribute('href', '/membresias?estado=comprobantes');
    expect(comprobantes).toHaveTextContent('2');
    // The month's income with the shop's share stated, as Reportes and the export count it.
    expect(screen.getByTestId('ingresos-mes').textContent?.replace(/\s/g, ' ')).toBe(
      '$ 8.700 (cuotas $ 6.000, tienda $ 2.700)',
    );
    expect(screen.getByTestId('ingresos-mes-anterior').textContent?.replace(/\s/g, ' ')).toBe(
      `Mes anterior: $ 3.500 (cuotas $ 3.500, tienda $ 0). ${INCOME_DEFINITION}`,
    );
    // Each method counts both sources; Mercado Pago is a method of its own, beside cash, transfer and card.
    expect(screen.getByText(/Efectivo: \$ 5\.000 \(\$ 2\.000\)/)).toBeInTheDocument();
    expect(screen.getByText(/Mercado Pago: \$ 1\.200/)).toBeInTheDocument();
    // "Socios activos" says what it counts, as Reportes does.
    expect(screen.getByRole('link', { name: /Socios activos/ })).toHaveTextContent(ACTIVE_MEMBERS_DEFINITION);
    expect(screen.getByTestId('ultimo-recordatorio')).toHaveTextContent('todavía no corrieron');
    expect(screen.queryByTestId('correos-en-espera')).not.toBeInTheDocument();
  });

  test.each([
    [
      1,
      'Un correo a un cliente no pudo salir: el servidor de correo no lo aceptó. Se reintenta solo durante un día; si no sale, avisale a quien mantiene el sistema.',
    ],
    [
      3,
      '3 correos a clientes no pudieron salir: el servidor de correo no los aceptó. Se reintentan solos durante un día; si no salen, avisale a quien mantiene el sistema.',
    ],
  ])('%i mail(s) the server refused: the desk is told', async (n, text) => {
    const figures = aDashboard({ correosEnEspera: n });
    serveApi({ 'GET /v1/desk/dashboard': () => ({ body: figures }) });
    render(
      <MemoryRouter>
        <DeskDashboard />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('correos-en-espera')).toHaveTextContent(text);
  });
});

describe('the apto físico form', () => {
  test('a due date more than two years after the date shows the rule and sends nothing', async () => {
    const api = serveApi({ 'GET /v1/memberships/demo-004': () => ({ body: detail() }) });
    render(<MembershipSection idUsuario="demo-004" />);
    const form = await screen.findByRole('form', { name: 'Apto físico' });
    await userEvent.type(within(form).getByLabelText('Fecha del apto'), '2026-11-01');
    await userEvent.type(within(form).getByLabelText('Vence (opcional, un año por defecto)'), '9999-12-31');
    await userEvent.click(within(form).getByRole('button', { name: 'Guardar apto físico' }));
    expect(await within(form).findByText(m.venceTooFar)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe("the client's reminders", () => {
  test('each says its status in Spanish: a daily e-mail waiting in the outbox reads "en cola"', async () => {
    const reminder = (id: string, status: Reminder['status'], automatic: boolean) => ({
      id,
      channel: 'email' as const,
      automatic,
      text: `Recordatorio ${id}`,
      status,
      paidUntil: '2026-11-20',
      createdAt: '2026-11-18T12:00:00.000Z',
    });
    serveApi({
      'GET /v1/memberships/demo-004': () => ({
        body: detail({
          reminders: [
            reminder('r1', 'en cola', true),
            reminder('r2', 'enviado', true),
            reminder('r3', 'fallido', false),
          ],
        }),
      }),
    });
    render(<MembershipSection idUsuario="demo-004" nombre="Mateo Díaz" />);
    const items = within(await screen.findByRole('list', { name: 'Recordatorios' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '18/11/2026 09:00 · E-mail automático · en colaRecordatorio r1',
      '18/11/2026 09:00 · E-mail automático · enviadoRecordatorio r2',
      '18/11/2026 09:00 · E-mail · no se pudo enviarRecordatorio r3',
    ]);
  });
});

describe('recording a payment at the desk', () => {
  test('3 months charge 3 × the monthly fee until the amount is typed by hand', async () => {
    serveApi({ 'GET /v1/memberships/demo-004': () => ({ body: detail() }) });
    render(<MembershipSection idUsuario="demo-004" nombre="Mateo Díaz" />);
    const months = await screen.findByLabelText('Meses');
    const amount = screen.getByLabelText('Monto ($)');
    await userEvent.clear(months);
    await userEvent.type(months, '3');
    await waitFor(() => expect(amount).toHaveValue('7.500'));
    await userEvent.clear(amount);
    await userEvent.type(amount, '7000');
    await userEvent.clear(months);
    await userEvent.type(months, '2');
    expect(amount).toHaveValue('7.000');
  });

  test.each([
    ['7.400', '7.400', '$\u00a07.400', 740_000],
    ['7400', '7.400', '$\u00a07.400', 740_000],
    ['7.400,50', '7.400,50', '$\u00a07.400,50', 740_050],
    ['7,4', '7,4', '$\u00a07,40', 740],
  ])(
    '"%s" typed as the amount shows "%s", asks for %s and records it in centavos',
    async (typed, shown, asked, centavos) => {
      const api = serveApi({
        'GET /v1/memberships/demo-004': () => ({ body: detail() }),
        'POST /v1/memberships/demo-004/payments': () => ({ status: 201, body: { detail: detail() } }),
      });
      render(<MembershipSection idUsuario="demo-004" nombre="Mateo Díaz" />);
      const amount = await screen.findByLabelText('Monto ($)');
      expect(amount).toHaveAttribute('inputmode', 'decimal');
      await userEvent.clear(amount);
      await userEvent.type(amount, typed);
      expect(amount).toHaveValue(shown);
      await userEvent.selectOptions(screen.getByLabelText('Medio de pago'), 'efectivo');
      confirm.mockResolvedValueOnce(true);
      await userEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
      await waitFor(() =>
        expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ title: `¿Registrar el pago de ${asked}?` })),
      );
      await waitFor(() =>
        expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
          amountCentavos: centavos,
          method: 'efectivo',
          months: 1,
          note: '',
        }),
      );
    },
  );

  test('"7.40" is not read: the form says how to write it and asks nothing', async () => {
    const api = serveApi({ 'GET /v1/memberships/demo-004': () => ({ body: detail() }) });
    render(<MembershipSection idUsuario="demo-004" nombre="Mateo Díaz" />);
    const amount = await screen.findByLabelText('Monto ($)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '7.40');
    await userEvent.selectOptions(screen.getByLabelText('Medio de pago'), 'efectivo');
    confirm.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText('Ingresá un monto válido, como 7.400 o 7.400,50')).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  test('an amount that is not months × the fee asks with both figures; "Volver" records nothing', async () => {
    const api = serveApi({ 'GET /v1/memberships/demo-004': () => ({ body: detail() }) });
    render(<MembershipSection idUsuario="demo-004" nombre="Mateo Díaz" />);
    const months = await screen.findByLabelText('Meses');
    await userEvent.clear(months);
    await userEvent.type(months, '3');
    const amount = screen.getByLabelText('Monto ($)');
    await waitFor(() => expect(amount).toHaveValue('7.500'));
    await userEvent.clear(amount);
    await userEvent.type(amount, '2500');
    await userEvent.selectOptions(screen.getByLabelText('Medio de pago'), 'transferencia');
    confirm.mockResolvedValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    const asked = confirm.mock.calls.at(-1)![0];
    expect(asked).toMatchObject({ icon: 'warning', title: '¿Registrar el pago de $\u00a02.500?' });
    expect(asked.text).toContain('Mateo Díaz · 3 meses');
    expect(asked.text).toContain(
      'Atención: 3 × la cuota de $\u00a02.500 son $\u00a07.500, y el monto es $\u00a02.500.',
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Registrar pago' })).toBeEnabled();
  });

  test('the summary names the period the payment covers, from the day after paid-until', async () => {
    confirm.mockResolvedValueOnce(true);
    const current = detail({ membership: { ...detail().membership!, paidUntil: '2026-12-05', state: 'activa' } });
    const fields = { amountCentavos: centavos(750_000), method: 'tarjeta', months: 3, note: '' };
    await expect(confirmPayment(fields, current, 'Mateo Díaz', new Date('2026-11-24T15:00:00Z'))).resolves.toBe(true);
    expect(confirm).toHaveBeenLastCalledWith({
      icon: 'question',
      title: '¿Registrar el pago de $\u00a07.500?',
      text: 'Mateo Díaz · 3 meses, del 06/12/2026 al 05/03/2027 · Tarjeta.',
      confirmText: 'Sí, registrar',
      cancelText: 'Volver',
    });
  });
});

describe('reminders from a list', () => {
  test('e-mails ask first, naming how many clients; "Cancelar" sends nothing', async () => {
    const { ReminderActions } = await import('../components/reminder-actions');
    const api = serveApi({ 'POST /v1/reminders': () => ({ body: { reminders: [] } }) });
    render(<ReminderActions ids={['demo-004']} />);
    confirm.mockResolvedValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar recordatorio por e-mail' }));
    expect(confirm).toHaveBeenLastCalledWith(
      expect.objectContaining({ title: '¿Enviar el recordatorio por e-mail a 1 cliente?', confirmText: 'Sí, enviar' }),
    );
    expect(api.calls).toHaveLength(0);
  });
});

describe('a payment’s receipt', () => {
  const payment = {
    id: '6a1f9c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    receipt: 'R-000042',
  } as Payment;

  test('the PDF is a download, and Enviar mails it through the API and says so', async () => {
    const { ReceiptActions } = await import('../components/receipt-actions');
    const api = serveApi({
      'POST /v1/payments/6a1f9c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b/recibo/enviar': () => ({
        body: { message: 'Le enviamos el recibo por e-mail', whatsappUrl: null },
      }),
    });
    render(<ReceiptActions payment={payment} />);
    renderNotices();
    expect(screen.getByRole('link', { name: 'R-000042 (PDF)' })).toHaveAttribute(
      'href',
      '/v1/payments/6a1f9c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b/recibo',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Enviar el recibo R-000042 por e-mail' }));
    await expectNotice('Le enviamos el recibo por e-mail');
    expect(api.calls[0]?.body).toEqual({ channel: 'email' });
  });
});

describe('renewal payments Mercado Pago gave back', () => {
  test('listed under the payments with their amount, operation and reason', async () => {
    serveApi({
      'GET /v1/memberships/demo-004': () => ({ body: detail() }),
      'GET /v1/pagos/mercadopago/socios/demo-004/reembolsos': () => ({
        body: {
          reembolsos: [
            {
              mercadoPago: '1000000002',
              amountCentavos: centavos(500_000),
              reason: 'ya-pagada',
              createdAt: '2026-11-20T13:30:00.000Z',
            },
            {
              mercadoPago: '1000000001',
              amountCentavos: centavos(250_000),
              reason: 'vencida',
              createdAt: '2026-11-19T13:30:00.000Z',
            },
          ],
        },
      }),
    });
    render(<MembershipSection idUsuario="demo-004" />);
    const list = await screen.findByRole('list', { name: 'Pagos de Mercado Pago devueltos' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '20/11/2026 10:30 · Mercado Pago, operación 1000000002$\u00a05.000 · Reembolsado: la renovación ya estaba pagada',
      '19/11/2026 10:30 · Mercado Pago, operación 1000000001$\u00a02.500 · Reembolsado: la reserva había vencido',
    ]);
  });

  test('none (or no Mercado Pago: the route is a 404) shows nothing', async () => {
    const api = serveApi({ 'GET /v1/memberships/demo-004': () => ({ body: detail() }) });
    render(<MembershipSection idUsuario="demo-004" />);
    await screen.findByRole('heading', { name: 'Pagos' });
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/reembolsos'))).toBe(true));
    expect(screen.queryByRole('list', { name: 'Pagos de Mercado Pago devueltos' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Reembolsado/)).not.toBeInTheDocument();
  });
});
