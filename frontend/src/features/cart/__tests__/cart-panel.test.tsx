import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { addToCart, CART_STORAGE_KEY, type CartLine } from '@/lib/cart';
import { aProduct } from '@/test/fixtures';
import { CartProvider, useCart } from '../cart-context';
import { CartPanel } from '../components/cart-panel';

const remera = aProduct({ _id: 'remera', nombre: 'Remera Dry Fit', precio: 1400 });
const botella = aProduct({
  _id: 'botella',
  nombre: 'Botella Térmica',
  precio: 2100,
  talle: [],
  imagen: '/v1/images/5f0c7a9e-1b2c-4d3e-8f90-a1b2c3d4e5f6',
});

function storedCart(): CartLine[] {
  let lines: CartLine[] = [];
  lines = addToCart(lines, { detalles: remera, talle: 'm', color: 'negro', cantidad: 2 });
  lines = addToCart(lines, { detalles: botella, talle: '', color: 'azul', cantidad: 1 });
  return lines;
}

function OpenButton() {
  const { setPanelOpen } = useCart();
  return (
    <button type="button" onClick={() => setPanelOpen(true)}>
      Abrir
    </button>
  );
}

async function openCart(stored: string | null) {
  localStorage.clear();
  if (stored !== null) localStorage.setItem(CART_STORAGE_KEY, stored);
  render(
    <MemoryRouter>
      <CartProvider>
        <OpenButton />
        <CartPanel />
      </CartProvider>
    </MemoryRouter>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Abrir' }));
  return { user, panel: screen.getByRole('dialog', { name: 'Carrito' }) };
}

const lines = (panel: HTMLElement) => within(panel).queryAllByRole('listitem');

describe('the cart panel', () => {
  test('lists each line with the picture of its colour, name, quantity, colour, size (only when set), line total and the total', async () => {
    const { panel } = await openCart(JSON.stringify(storedCart()));
    const [first, second] = lines(panel);
    expect(first).toHaveTextContent('Remera Dry Fit');
    expect(first).toHaveTextContent('Cantidad: 2');
    expect(first).toHaveTextContent('Color: Negro');
    expect(first).toHaveTextContent('Talle: M');
    expect(first).toHaveTextContent('$ 2.800');
    expect(first).not.toHaveTextContent(',00');
    expect(second).toHaveTextContent('Botella Térmica');
    expect(second).toHaveTextContent('Color: Azul');
    expect(second).not.toHaveTextContent('Talle');
    expect(first?.querySelector('img')).toHaveAttribute('src', '/img/productos/remera-dry-fit-negro.svg');
    expect(second?.querySelector('img')).toHaveAttribute('src', botella.imagen);
    expect(within(panel).getByTestId('cart-total')).toHaveTextContent(/^\$\s4\.900$/);
    expect(within(panel).getByRole('link', { name: 'COMPRAR' })).toHaveAttribute('href', '/checkout');
  });

  test('removing lines saves the cart; once empty it says "El carrito está vacío"', async () => {
    const { panel, user } = await openCart(JSON.stringify(storedCart()));
    await user.click(within(panel).getByRole('button', { name: 'Quitar Remera Dry Fit del carrito' }));
    expect(lines(panel)).toHaveLength(1);
    expect(within(panel).getByTestId('cart-total')).toHaveTextContent(/^\$\s2\.100$/);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '')).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Quitar Botella Térmica del carrito' }));
    expect(within(panel).getByText('El carrito está vacío')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'COMPRAR' })).not.toBeInTheDocument();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });

  test.each([
    ['missing', null],
    ['not JSON', '{productos'],
    ['not a list of lines', '[{"detalles":null}]'],
  ])('a %s stored cart opens empty', async (_, stored) => {
    const { panel } = await openCart(stored);
    expect(within(panel).getByText('El carrito está vacío')).toBeInTheDocument();
  });

  test('a change made in another tab shows up', async () => {
    const { panel } = await openCart(null);
    const raw = JSON.stringify(storedCart());
    localStorage.setItem(CART_STORAGE_KEY, raw);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: CART_STORAGE_KEY, newValue: raw }));
    });
    expect(lines(panel)).toHaveLength(2);
  });
});
