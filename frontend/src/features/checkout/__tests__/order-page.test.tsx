import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  onlinePaymentTitles,
  type OnlinePaymentOutcome,
  type Order,
  type OrderState,
  type PaymentMethod,
} from '@gym/contracts/orders';
import { aSiteInfo } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import OrderPage from '../pages/order-page';

const WHERE = 'Congreso 250, San Miguel de Tucumán, en recepción, de lunes a viernes de 9 a 20';

const anOrder = (pago: PaymentMethod, estado: OrderState = 'pendiente'): Order => ({
  numero: 'G-000123',
  estado,
  total: 4200,
  lineas: [
    { producto: 'p1', nombre: 'Remera Dry Fit', talle: 'm', color: 'negro', cantidad: 3, precio: 1400, subtotal: 4200 },
  ],
  comprador: { nombre: 'Lucía', apellido: 'Gómez', email: 'lucia@example.com', celular: '3815551234' },
  pago,
  entrega: 'Retiro en el gimnasio',
  createdAt: '2026-11-20T15:00:00.000Z',
  pagado: null,
  entregado: null,
  cancelado: null,
  ...(pago === 'transferencia'
    ? { transferencia: { alias: 'gym.prueba.mp', cbu: '0110599520000001234567', titular: 'Gimnasio Tucumán' } }
    : {}),
});

function renderOrder(order: Order, outcome?: OnlinePaymentOutcome) {
  const api = serveApi({
    'GET /v1/site': () => ({ body: aSiteInfo() }),
    'GET /v1/orders/G-000123': () => ({ body: { order } }),
    'POST /v1/pagos/mercadopago/pedidos/G-000123/estado': () => ({
      body: { outcome, amountCentavos: 420_000, months: null, createdAt: order.createdAt },
    }),
  });
  render(
    <MemoryRouter initialEntries={['/pedido/G-000123?t=secreto']}>
      <Routes>
        <Route path="/pedido/:numero" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return api;
}

describe('the buyer’s order page says what to do and where', () => {
  test('by transfer: the account, where the receipt goes (e-mail and WhatsApp link) and where to pick it up', async () => {
    renderOrder(anOrder('transferencia'));
    expect(await screen.findByTestId('receipt')).toHaveTextContent(
      'Mandá el comprobante con el número de pedido a pagos@gimnasio.com.ar o por WhatsApp al +5493815550123.',
    );
    expect(screen.getByRole('link', { name: '+5493815550123' })).toHaveAttribute('href', 'https://wa.me/5493815550123');
    expect(screen.getByTestId('transfer-alias')).toHaveTextContent('gym.prueba.mp');
    expect(screen.getByTestId('pickup')).toHaveTextContent(
      `Cuando registremos el pago te avisamos por e-mail y lo retirás en ${WHERE}.`,
    );
  });

  test('in cash: one thing, pay when you pick it up, and where; no transfer text', async () => {
    renderOrder(anOrder('efectivo'));
    expect(await screen.findByTestId('pickup')).toHaveTextContent(`Retirás y pagás en ${WHERE}.`);
    expect(screen.getByText(/Pagás en efectivo en la recepción del gimnasio cuando retirás el pedido/)).toBeVisible();
    expect(screen.queryByTestId('receipt')).toBeNull();
    expect(screen.queryByText(/Transferí|comprobante|cuando figure como pagado/)).toBeNull();
  });

  test('paid: ready to pick up, where and when', async () => {
    renderOrder(anOrder('transferencia', 'pagado'));
    expect(await screen.findByTestId('pickup')).toHaveTextContent(`Retiralo en ${WHERE}.`);
    expect(screen.getByText('Tu pedido G-000123 está pagado y listo para retirar.')).toBeInTheDocument();
    expect(screen.queryByTestId('receipt')).toBeNull();
  });
});

describe('an order paid with Mercado Pago shows what the provider says', () => {
  test('rejected: try again, or pay at the gym; the provider was asked with the order’s token', async () => {
    const api = renderOrder(anOrder('mercadopago'), 'rechazado');
    expect(await screen.findByTestId('mp-outcome')).toHaveTextContent(onlinePaymentTitles.rechazado);
    expect(onlinePaymentTitles.rechazado).toBe('Pago rechazado — probá otra vez / pagá en el gimnasio');
    expect(screen.getByRole('button', { name: 'Probar otra vez' })).toBeEnabled();
    expect(screen.getByText(/Pagá en efectivo cuando lo retires/)).toBeInTheDocument();
    expect(api.calls.find((call) => call.path.endsWith('/estado'))?.body).toEqual({ t: 'secreto' });
  });

  test('pending: it says the provider has not credited it yet, with nothing to press', async () => {
    renderOrder(anOrder('mercadopago'), 'pendiente');
    expect(await screen.findByTestId('mp-outcome')).toHaveTextContent('Pago pendiente');
    expect(screen.getByText(/todavía no acreditó el pago/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  test('not paid yet: a button to pay', async () => {
    renderOrder(anOrder('mercadopago'), 'sin-pago');
    expect(await screen.findByRole('button', { name: 'Pagar con Mercado Pago' })).toBeEnabled();
  });

  test('paid: "Pago aprobado"', async () => {
    renderOrder(anOrder('mercadopago', 'pagado'), 'aprobado');
    expect(await screen.findByTestId('mp-outcome')).toHaveTextContent('Pago aprobado. ¡Gracias!');
  });
});

describe('the order page says one thing at a time (issue 40)', () => {
  const h1 = () => screen.getByRole('heading', { level: 1 });

  test('a transfer order reads "Pedido confirmado"; the pickup heading says "Retiro" once', async () => {
    renderOrder(anOrder('transferencia'));
    await screen.findByTestId('pickup');
    expect(h1()).toHaveTextContent('Pedido confirmado: pedido G-000123');
    expect(screen.getByRole('heading', { level: 2, name: 'Retiro en el gimnasio' })).toBeInTheDocument();
    expect(screen.queryByText(/Retiro: Retiro/)).toBeNull();
  });

  test.each(['rechazado', 'pendiente', 'sin-pago'] as const)(
    'Mercado Pago %s: no "Pedido confirmado" above the payment that did not go through',
    async (outcome) => {
      renderOrder(anOrder('mercadopago'), outcome);
      await screen.findByTestId('mp-outcome');
      expect(h1()).toHaveTextContent(/^Pedido G-000123$/);
    },
  );

  test('Mercado Pago approved: "Pedido confirmado" above "Pago aprobado"', async () => {
    renderOrder(anOrder('mercadopago', 'pagado'), 'aprobado');
    await screen.findByTestId('mp-outcome');
    expect(h1()).toHaveTextContent('Pedido confirmado: pedido G-000123');
  });

  test('a cancelled order is not "confirmado"', async () => {
    renderOrder(anOrder('efectivo', 'cancelado'));
    await screen.findByText('Este pedido fue cancelado y sus productos volvieron al stock.');
    expect(h1()).toHaveTextContent(/^Pedido G-000123$/);
  });
});

describe('the Botón de arrepentimiento on the order’s page', () => {
  test('links to the button with the order’s number and token; a cancelled order has none', async () => {
    renderOrder(anOrder('efectivo'));
    expect(await screen.findByRole('link', { name: 'Botón de arrepentimiento' })).toHaveAttribute(
      'href',
      '/arrepentimiento?numero=G-000123&t=secreto',
    );
  });

  test('a cancelled order has nothing to withdraw from', async () => {
    renderOrder(anOrder('efectivo', 'cancelado'));
    expect(await screen.findByText(/Este pedido fue cancelado/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Botón de arrepentimiento' })).toBeNull();
  });
});
