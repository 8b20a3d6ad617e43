import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { matchesPriceBucket } from '@gym/contracts/catalog';
import type { Product } from '@gym/contracts/products';
import { aProduct } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import CategoryPage from '../pages/category-page';

const CATALOGUE: Product[] = [
  aProduct({ _id: 'a', nombre: 'Medias', precio: 900 }),
  aProduct({ _id: 'b', nombre: 'Short Running', precio: 1900 }),
  aProduct({ _id: 'c', nombre: 'Calza Deportiva', precio: 2800 }),
  aProduct({ _id: 'd', nombre: 'Bicicleta Fija', precio: 45000 }),
];

function CurrentSearch() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function showCategory(url: string) {
  const api = serveApi({
    'GET /v1/products': ({ query }) => {
      const precio = query.get('precio');
      const products = CATALOGUE.filter((p) => precio === null || matchesPriceBucket(p.precio, Number(precio)));
      return { body: { products, total: products.length, page: 1, limit: 24 } };
    },
  });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/ecommerce-categoria/:categoria" element={<CategoryPage />} />
      </Routes>
      <CurrentSearch />
    </MemoryRouter>,
  );
  return { api, user: userEvent.setup() };
}

const listed = () => within(screen.getByRole('list', { name: 'Indumentaria' })).getAllByRole('link');

describe('the filters panel', () => {
  test('choosing a price bucket writes it to the URL query and asks the API for it', async () => {
    const { api, user } = showCategory('/ecommerce-categoria/indumentaria');
    expect(await screen.findByRole('link', { name: /Bicicleta Fija/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const panel = screen.getByRole('dialog', { name: 'Filtros' });
    for (const legend of ['Talle', 'Precio', 'Color']) {
      expect(within(within(panel).getByRole('group', { name: legend })).getByLabelText('VER TODO')).toBeChecked();
    }
    await user.click(within(panel).getByLabelText('$ 1.500 – $ 3.000'));

    expect(screen.getByTestId('search')).toHaveTextContent('?precio=1500');
    expect(await screen.findByRole('button', { name: 'Ver 2 productos' })).toBeInTheDocument();
    expect(listed().map((link) => link.textContent)).toEqual([
      expect.stringContaining('Short Running'),
      expect.stringContaining('Calza Deportiva'),
    ]);
    const last = api.calls[api.calls.length - 1];
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      categoria: 'indumentaria',
      precio: '1500',
      page: '1',
      limit: '24',
    });

    await user.click(within(panel).getAllByLabelText('VER TODO')[1]!);
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
  });

  test('a filtered URL opens with its filter applied and checked', async () => {
    const { user } = showCategory('/ecommerce-categoria/indumentaria?precio=6500&talle=m');
    expect(await screen.findByRole('link', { name: /Bicicleta Fija/ })).toBeInTheDocument();
    expect(listed()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Filtros/ }));
    expect(screen.getByLabelText('Más de $ 6.000')).toBeChecked();
    expect(screen.getByLabelText('M')).toBeChecked();
  });

  test('when nothing matches it says so and one button clears the filters', async () => {
    const { user } = showCategory('/ecommerce-categoria/indumentaria?precio=4500&sort=precio_desc');
    expect(
      await screen.findByText('Ningún producto coincide con la búsqueda o los filtros elegidos.'),
    ).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Limpiar filtros' })[1]!);
    expect(screen.getByTestId('search')).toHaveTextContent('?sort=precio_desc');
    expect(await screen.findByRole('link', { name: /Medias/ })).toBeInTheDocument();
  });

  test('an unknown category says so', async () => {
    showCategory('/ecommerce-categoria/zapatillas');
    expect(screen.getByRole('heading', { name: 'Categoría no encontrada' })).toBeInTheDocument();
    expect(screen.getByText(/«zapatillas» no existe/)).toBeInTheDocument();
  });
});

describe('the name search', () => {
  test('a search goes to the URL as ?q= and to the API; under 3 letters it says so and asks nothing', async () => {
    const { api, user } = showCategory('/ecommerce-categoria/indumentaria?talle=m');
    const box = await screen.findByRole('searchbox', { name: 'Buscar por nombre' });
    await user.type(box, 'mu');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Escribí al menos 3 letras para buscar')).toBeInTheDocument();
    expect(api.calls.some((call) => call.query.has('q'))).toBe(false);

    await user.type(box, 'ñequera');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByTestId('search')).toHaveTextContent('?talle=m&q=mu%C3%B1equera');
    await screen.findByRole('link', { name: /Medias/ });
    expect(api.calls.at(-1)!.query.get('q')).toBe('muñequera');
  });

  test('a shared link with ?q= fills the box and searches', async () => {
    const { api } = showCategory('/ecommerce-categoria/indumentaria?q=nandu');
    expect(await screen.findByRole('searchbox', { name: 'Buscar por nombre' })).toHaveValue('nandu');
    await screen.findByRole('link', { name: /Medias/ });
    expect(api.calls.at(-1)!.query.get('q')).toBe('nandu');
  });
});
