import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Order, OrderState, PaymentMethod } from '@gym/contracts';
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

function renderOrder(order: Order) {
  serveApi({
    'GET /v1/site': () => ({ body: aSiteInfo() }),
    'GET /v1/orders/G-000123': () => ({ body: { order } }),
  });
  render(
    <MemoryRouter initialEntries={['/pedido/G-000123?t=secreto']}>
      <Routes>
        <Route path="/pedido/:numero" element={<OrderPage />} />
      </Routes>
    </MemoryRouter>,
  );
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
