import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { concurrencyMessages, productMessages as m } from '@gym/contracts/messages';
import type { Product } from '@gym/contracts/products';
import { confirmAction, showAlert } from '@/components/alerts';
import { aProduct } from '@/test/fixtures';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import ProductsPage from '../pages/products-page';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));

jest.setTimeout(20_000);

const confirm = jest.mocked(confirmAction);
const alert = jest.mocked(showAlert);

function setUp(options: { products?: Product[]; put?: { status: number; body?: unknown } } = {}) {
  const products = options.products ?? [aProduct()];
  const api = serveApi({
    'GET /v1/products': () => ({ body: { products, total: products.length, page: 1, limit: 10 } }),
    'POST /v1/products': ({ body }) => ({ status: 201, body: { product: { ...aProduct(), ...(body as object) } } }),
    'GET /v1/product/*': () => ({ body: { product: products[0] } }),
    'PUT /v1/product/*': ({ body }) => options.put ?? { body: { product: body } },
    'DELETE /v1/product/*': () => ({ status: 204 }),
  });
  render(
    <MemoryRouter initialEntries={['/admin/productos']}>
      <ProductsPage />
    </MemoryRouter>,
  );
  renderNotices();
  const listLoads = () => api.calls.filter((call) => call.method === 'GET' && call.path === '/v1/products').length;
  return { api, listLoads, user: userEvent.setup() };
}

async function openAddForm(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('cell', { name: 'Remera Dry Fit' });
  await user.click(screen.getByRole('button', { name: 'Add Products' }));
  return screen.findByRole('dialog', { name: 'Add Products' });
}

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  const field = (label: string) => within(form).getByLabelText(label, { exact: false });
  await user.type(field('Nombre'), 'Soga de saltar');
  await user.click(within(form).getByRole('checkbox', { name: 'Accesorios' }));
  await user.type(field('Precio'), '2500');
  await user.type(field('Stock'), '8');
  await user.type(field('Imagen'), '/img/productos/soga.svg');
  await user.type(field('Descripción'), 'Soga con rulemanes.');
  await user.selectOptions(field('Portada'), 'False');
  await user.click(within(form).getByRole('checkbox', { name: 'Negro' }));
}

beforeEach(() => {
  confirm.mockReset();
  alert.mockClear();
});

describe('the admin products screen', () => {
  test('lists id, name, first category, price, a 140 px image and portada, loaded once', async () => {
    const { listLoads } = setUp();
    const row = (await screen.findByRole('cell', { name: 'Remera Dry Fit' })).closest('tr')!;
    expect(within(row).getByText(aProduct()._id)).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'indumentaria' })).toBeInTheDocument();
    expect(within(row).getByRole('img')).toHaveAttribute('width', '140');
    expect(within(row).getByRole('cell', { name: 'true' })).toBeInTheDocument();
    // Nothing to wait for (what is checked must NOT happen): a grace period for a stray request, which a slow machine can only miss, never fail.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listLoads()).toBe(1);
  });

  test('the add form shows the contracts messages for every missing or wrong field', async () => {
    const { user, api } = setUp();
    const form = await openAddForm(user);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    for (const message of [
      m.nombreRequired,
      m.categoriaRequired,
      m.precioRequired,
      m.imagenRequired,
      m.descripcionRequired,
      m.portadaRequired,
      m.stockRequired,
    ]) {
      expect(await within(form).findByText(message)).toBeInTheDocument();
    }
    await user.type(within(form).getByLabelText('Precio'), '0');
    await user.type(within(form).getByLabelText('Stock'), '-1');
    expect(await within(form).findByText(m.precioMin)).toBeInTheDocument();
    expect(await within(form).findByText(m.stockMin)).toBeInTheDocument();
    expect(within(form).getByLabelText('Nombre')).toHaveAttribute('maxLength', '30');
    expect(confirm).not.toHaveBeenCalled();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test.each([
    ['7.400', '7.400', 7400],
    ['7400', '7.400', 7400],
    ['7.400,50', '7.400,50', 7400.5],
    ['7,4', '7,4', 7.4],
  ])('a price typed "%s" shows "%s" and is sent as %s pesos', async (typed, shown, precio) => {
    const { user, api } = setUp();
    const form = await openAddForm(user);
    await fillValidProduct(user, form);
    const price = within(form).getByLabelText('Precio');
    await user.clear(price);
    await user.type(price, typed);
    expect(price).toHaveValue(shown);
    confirm.mockResolvedValueOnce(true);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ precio }));
  });

  test('a price that cannot be read says how to write it; "0" still says the spec’s minimum', async () => {
    const { user, api } = setUp();
    const form = await openAddForm(user);
    await fillValidProduct(user, form);
    const price = within(form).getByLabelText('Precio');
    await user.clear(price);
    await user.type(price, '7.40');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Ingresá un monto válido, como 7.400 o 7.400,50')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '0');
    expect(await within(form).findByText(m.precioMin)).toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('confirming the add posts the product, says "Guardado!" until closed and reloads the table', async () => {
    const { user, api, listLoads } = setUp();
    const form = await openAddForm(user);
    await fillValidProduct(user, form);
    confirm.mockResolvedValueOnce(true);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    await expectNotice(m.saved);
    expect(confirm).toHaveBeenCalledWith({ title: m.addConfirm, confirmText: 'Guardar', cancelText: 'No guardar' });
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      nombre: 'Soga de saltar',
      categoria: ['accesorios', 'all'],
      precio: 2500,
      imagen: '/img/productos/soga.svg',
      descripcion: 'Soga con rulemanes.',
      portada: false,
      talle: [],
      color: ['negro'],
      stock: 8,
    });
    await waitFor(() => expect(listLoads()).toBe(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Products' })).not.toBeInTheDocument());
  });

  test('declining the add sends nothing and says "El pruducto no fue agregado"', async () => {
    const { user, api } = setUp();
    const form = await openAddForm(user);
    await fillValidProduct(user, form);
    confirm.mockResolvedValueOnce(false);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith({ icon: 'info', title: m.notAdded }));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Add Products' })).toBeInTheDocument();
  });

  test('the view shows the details, sizes only when there are several, and Editar / Delete', async () => {
    const { user } = setUp({ products: [aProduct({ talle: ['m'] })] });
    await user.click(await screen.findByRole('button', { name: /Ver producto/ }));
    const view = await screen.findByRole('dialog', { name: 'Remera Dry Fit' });
    expect(within(view).getByRole('img')).toHaveAttribute('width', '300');
    expect(within(view).getByText('Azul, Negro')).toBeInTheDocument();
    expect(within(view).queryByText('Talles')).not.toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(view).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  test('the edit starts from the server; declining says "Los cambios no se guardaron!"', async () => {
    const { user, api } = setUp();
    await user.click(await screen.findByRole('button', { name: /Ver producto/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remera Dry Fit' })).getByText('Editar'));
    const form = await screen.findByRole('dialog', { name: 'Edit' });
    const price = await within(form).findByLabelText('Precio');
    expect(price).toHaveValue('1.400');
    await user.clear(price);
    await user.type(price, '1600');
    confirm.mockResolvedValueOnce(false);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith({ icon: 'info', title: m.changesNotSaved }));
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  test('an edit over a newer save shows the stale message and offers to reload', async () => {
    const { user, api } = setUp({
      put: { status: 409, body: { error: { message: concurrencyMessages.staleProduct } } },
    });
    await user.click(await screen.findByRole('button', { name: /Ver producto/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remera Dry Fit' })).getByText('Editar'));
    const form = await screen.findByRole('dialog', { name: 'Edit' });
    await within(form).findByLabelText('Precio');
    confirm.mockResolvedValueOnce(true).mockResolvedValueOnce(true);
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith(expect.objectContaining({ title: concurrencyMessages.staleProduct })),
    );
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      updatedAt: aProduct().updatedAt,
    });
    await waitFor(() => expect(api.calls.filter((call) => call.path.startsWith('/v1/product/')).length).toBe(3));
  });

  test('a confirmed delete removes the product, says "Producto borrado!" and reloads', async () => {
    const { user, api, listLoads } = setUp();
    await user.click(await screen.findByRole('button', { name: /Ver producto/ }));
    confirm.mockResolvedValueOnce(true);
    await user.click(within(await screen.findByRole('dialog', { name: 'Remera Dry Fit' })).getByText('Delete'));
    await expectNotice(m.deleted);
    expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe(`/v1/product/${aProduct()._id}`);
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  test('a failed load offers a retry that loads again', async () => {
    let fail = true;
    serveApi({
      'GET /v1/products': () =>
        fail
          ? { status: 500, body: { error: { message: 'Ocurrió un error inesperado.' } } }
          : { body: { products: [], total: 0, page: 1, limit: 10 } },
    });
    render(
      <MemoryRouter>
        <ProductsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Ocurrió un error inesperado.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no hay productos.')).toBeInTheDocument();
  });
});
