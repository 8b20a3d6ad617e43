import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { addToCart, type CartLine } from '@/lib/cart';
import { orderMessages as m } from '@gym/contracts/orders';
import { aProduct } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import CheckoutPage from '../pages/checkout-page';

// Typing a whole form is slow on a busy machine.
jest.setTimeout(30_000);

const remera = aProduct({ _id: '3f1c2a8e-6f4b-4d21-9a55-0c7e2b1d9f10', nombre: 'Remera Dry Fit', precio: 1400 });
const cart = (): CartLine[] => addToCart([], { detalles: remera, talle: 'm', color: 'negro', cantidad: 3 });

function renderCheckout(lines: CartLine[]) {
  const replace = jest.fn();
  render(
    <MemoryRouter initialEntries={['/checkout']}>
      <Routes>
        <Route path="/checkout" element={<CheckoutPage lines={lines} onReplaceLines={replace} />} />
        <Route path="/pedido/:numero" element={<p>confirmación</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { replace, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Lucía');
  await user.type(screen.getByLabelText('Apellido'), 'Gómez');
  await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
  await user.type(screen.getByLabelText('Celular'), '381 555 1234');
  await user.click(screen.getByLabelText('Efectivo en recepción'));
  await user.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
}

describe('the checkout', () => {
  test('the Spanish rules show before anything is sent', async () => {
    const api = serveApi({});
    const { user } = renderCheckout(cart());
    await user.type(screen.getByLabelText('Celular'), '12');
    await user.click(screen.getByRole('button', { name: 'Confirmar pedido' }));
    expect(await screen.findByText(m.nombreRequired)).toBeInTheDocument();
    expect(screen.getByText(m.celularInvalid)).toBeInTheDocument();
    expect(screen.getByText(m.pagoRequired)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  test('an order made: the lines and key are sent, the cart is emptied and the confirmation opens', async () => {
    const api = serveApi({
      'POST /v1/orders': () => ({ status: 201, body: { order: { numero: 'G-000007', token: 'secreto' } } }),
    });
    const { replace, user } = renderCheckout(cart());
    await fill(user);
    expect(await screen.findByText('confirmación')).toBeInTheDocument();
    expect(replace).toHaveBeenCalledWith([]);
    expect(api.calls.find((call) => call.path === '/v1/orders')?.body).toEqual({
      comprador: { nombre: 'Lucía', apellido: 'Gómez', email: 'lucia@example.com', celular: '381 555 1234' },
      pago: 'efectivo',
      lineas: [{ producto: remera._id, talle: 'm', color: 'negro', cantidad: 3, precio: 1400 }],
    });
    expect(api.calls.find((call) => call.path === '/v1/orders')?.headers.get('Idempotency-Key')).toMatch(
      /^[0-9a-f]{32}$/,
    );
  });

  test('a 409 shows the server message, keeps the cart, and "Ajustar el carrito" brings it to what is left', async () => {
    const message = 'No hay stock suficiente de Remera Dry Fit (talle M, color negro): pediste 3 y queda 1.';
    serveApi({
      'POST /v1/orders': () => ({
        status: 409,
        body: {
          error: {
            message,
            lineas: [{ producto: remera._id, talle: 'm', color: 'negro', disponible: 1, precio: 1500 }],
          },
        },
      }),
    });
    const { replace, user } = renderCheckout(cart());
    await fill(user);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Ajustar el carrito' }));
    expect(replace).toHaveBeenCalledWith([
      expect.objectContaining({ cantidad: 1, total: 1500, detalles: expect.objectContaining({ precio: 1500 }) }),
    ]);
  });

  test.each([
    [409, m.unitsPerOrder(30)],
    [429, m.unpaidUnits(30, 5)],
  ])('a %i for the shop’s limits shows the server’s Spanish message, naming the limit', async (status, message) => {
    serveApi({ 'POST /v1/orders': () => ({ status, body: { error: { message } } }) });
    const { replace, user } = renderCheckout(cart());
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(replace).not.toHaveBeenCalled();
  });
});

test('the summary and its total come before "Confirmar pedido", so a phone shows them above it (issue 40)', () => {
  serveApi({});
  renderCheckout(cart());
  const summary = screen.getByRole('region', { name: 'Resumen del pedido' });
  const total = screen.getByTestId('checkout-total');
  const button = screen.getByRole('button', { name: 'Confirmar pedido' });
  const before = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  expect(total).toHaveTextContent('$ 4.200');
  expect([before(summary, button), before(total, button)]).toEqual([true, true]);
});
