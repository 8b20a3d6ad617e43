import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Product } from '@gym/contracts/products';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import ProductPage from '../pages/product-page';
import { aProduct } from '@/test/fixtures';

function showProduct(product: Product | null) {
  serveApi({
    'GET /v1/product/*': () =>
      product ? { body: { product } } : { status: 404, body: { error: { message: 'El producto no existe' } } },
  });
  const onAdd = jest.fn();
  render(
    <MemoryRouter initialEntries={[`/ecommerce-producto/${product?._id ?? 'no-existe'}`]}>
      <Routes>
        <Route path="/ecommerce-producto/:id" element={<ProductPage onAddToCart={onAdd} />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onAdd, user: userEvent.setup() };
}

const addButton = () => screen.findByRole('button', { name: /Agregar al carrito|Sin stock/ });

describe('the product page', () => {
  test('when the product has no stock, the button reads "Sin stock" and is disabled', async () => {
    showProduct(aProduct({ stock: 0 }));
    const button = await addButton();
    expect(button).toHaveTextContent('Sin stock');
    expect(button).toBeDisabled();
  });

  test('the button waits until a size and a colour are chosen, saying why', async () => {
    const { user, onAdd } = showProduct(aProduct());
    renderNotices();
    const button = await addButton();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Elegí un talle y un color para agregarlo al carrito.');

    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Elegí un color para agregarlo al carrito.');

    await user.click(screen.getByRole('radio', { name: 'Negro' }));
    expect(button).toBeEnabled();
    await user.click(button);
    expect(onAdd).toHaveBeenCalledWith({ detalles: aProduct(), talle: 'm', color: 'negro', cantidad: 1 }, 2);
    await expectNotice('Producto agregado al carrito');
  });

  test('a product sold in several colours shows the picture of the colour chosen', async () => {
    const { user } = showProduct(aProduct({ imagen: '/img/productos/remera-dry-fit.svg', color: ['azul', 'rojo'] }));
    await addButton();
    const picture = () =>
      screen.getAllByRole('img').find((img) => img.getAttribute('src')?.startsWith('/img/productos/'));
    expect(picture()).toHaveAttribute('src', '/img/productos/remera-dry-fit.svg');
    await user.click(screen.getByRole('radio', { name: 'Rojo' }));
    expect(picture()).toHaveAttribute('src', '/img/productos/remera-dry-fit-rojo.svg');
    expect(picture()).toHaveAccessibleName(`${aProduct().nombre}, color rojo`);
    await user.click(screen.getByRole('radio', { name: 'Azul' }));
    expect(picture()).toHaveAttribute('src', '/img/productos/remera-dry-fit-azul.svg');
  });

  test('an uploaded or outside picture is shown as it is, whatever the colour', async () => {
    const { user } = showProduct(aProduct({ imagen: 'https://cdn.example.com/remera.jpg', color: ['azul', 'rojo'] }));
    await addButton();
    await user.click(screen.getByRole('radio', { name: 'Rojo' }));
    expect(screen.getByRole('img', { name: `${aProduct().nombre}, color rojo` })).toHaveAttribute(
      'src',
      'https://cdn.example.com/remera.jpg',
    );
  });

  test('a product without sizes or colours shows no selectors and can be added at once', async () => {
    showProduct(aProduct({ talle: [], color: [] }));
    expect(await addButton()).toBeEnabled();
    expect(screen.queryByRole('group', { name: 'Talle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Color' })).not.toBeInTheDocument();
  });

  test('the quantity starts at 1, never goes below it and stops at the 10 one order may take', async () => {
    const { user, onAdd } = showProduct(aProduct({ talle: [], color: [] }));
    await addButton();
    const quantity = screen.getByRole('status');
    const minus = screen.getByRole('button', { name: 'Restar uno' });
    const plus = screen.getByRole('button', { name: 'Sumar uno' });
    expect(quantity).toHaveTextContent('1');
    await user.click(minus);
    expect(quantity).toHaveTextContent('1');
    for (let i = 0; i < 8; i += 1) await user.click(plus);
    expect(quantity).toHaveTextContent('9');
    expect(plus).toBeEnabled();
    await user.click(plus);
    expect(quantity).toHaveTextContent('10');
    expect(plus).toBeDisabled();
    await user.click(plus);
    expect(quantity).toHaveTextContent('10');
    await user.click(minus);
    expect(quantity).toHaveTextContent('9');
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ talle: '', color: '', cantidad: 9 }), 10);
  });

  test('the stock shown is the chosen size and colour’s, and the quantity stops there', async () => {
    const variantes = [
      { talle: 'm' as const, color: 'negro' as const, stock: 1 },
      { talle: 'm' as const, color: 'azul' as const, stock: 5 },
      { talle: 's' as const, color: 'negro' as const, stock: 6 },
    ];
    const { user, onAdd } = showProduct(
      aProduct({ talle: ['s', 'm'], color: ['azul', 'negro'], stock: 12, variantes }),
    );
    await addButton();
    expect(screen.getByText('12 disponibles')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.getByText('6 disponibles')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Azul/ }));
    expect(screen.getByText('Quedan 5')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Sumar uno' });
    for (let i = 0; i < 6; i += 1) await user.click(plus);
    expect(screen.getByRole('status')).toHaveTextContent('5');
    expect(plus).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /Negro/ }));
    expect(screen.getByText('Queda 1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1');
    expect(plus).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
    expect(onAdd).toHaveBeenLastCalledWith(expect.objectContaining({ talle: 'm', color: 'negro', cantidad: 1 }), 1);
  });

  test('an unknown id says so and links back to the shop', async () => {
    showProduct(null);
    expect(await screen.findByRole('heading', { name: 'Producto no encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a la tienda' })).toHaveAttribute('href', '/ecommercehome');
  });
});
