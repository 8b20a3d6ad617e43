import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { serveApi } from '@/test/api-server';
import { AuthModalsProvider, AuthProvider } from '@/features/auth';
import { CartProvider } from '@/features/cart';
import { ShopNavbar } from '../shop-navbar';

const staff = { _id: 'a1', name: 'Ana', lastname: 'Gómez', email: 'admin@gym.local' };
const HINT_KEY = 'gym:staff-signed-in';

function renderNavbar(routes: Parameters<typeof serveApi>[0]) {
  const api = serveApi(routes);
  render(
    <AuthProvider>
      <CartProvider>
        <MemoryRouter initialEntries={['/ecommercehome']}>
          <AuthModalsProvider>
            <ShopNavbar />
            <Routes>
              <Route path="/admin" element={<p>panel de staff</p>} />
              <Route path="/socio/ingresar" element={<p>portal de socios</p>} />
              <Route path="*" element={<p>tienda</p>} />
            </Routes>
          </AuthModalsProvider>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
  return { api, user: userEvent.setup() };
}

const nav = () => within(screen.getByRole('navigation', { name: 'Principal' }));

beforeEach(() => localStorage.clear());

describe('the shop navbar and staff', () => {
  test('a visitor sees "Crear cuenta" and "Iniciar sesión", and no session is asked for', async () => {
    const { api } = renderNavbar({});
    expect(nav().getByRole('button', { name: 'Crear cuenta' })).toBeVisible();
    expect(nav().getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    expect(nav().queryByRole('link', { name: 'Panel' })).toBeNull();
    // Nothing to wait for (what is checked must NOT happen): a grace period for a stray request, which a slow machine can only miss, never fail.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((call) => call.path === '/v1/auth/me')).toEqual([]);
  });

  test('signed-in staff see "Panel" and "Cerrar sesión"; signing out brings the staff entry back', async () => {
    localStorage.setItem(HINT_KEY, '1');
    const { api, user } = renderNavbar({
      'GET /v1/auth/me': () => ({ body: { user: staff } }),
      'POST /v1/user/logout': () => ({ status: 204 }),
    });
    expect(await nav().findByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/admin');
    expect(nav().queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();
    expect(nav().queryByRole('button', { name: 'Crear cuenta' })).toBeNull();
    await user.click(nav().getByRole('button', { name: 'Cerrar sesión' }));
    expect(await nav().findByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    expect(api.calls.some((call) => call.method === 'POST' && call.path === '/v1/user/logout')).toBe(true);
    expect(localStorage.getItem(HINT_KEY)).toBeNull();
  });

  test('a session that ended on the server shows the staff entry again', async () => {
    localStorage.setItem(HINT_KEY, '1');
    renderNavbar({ 'GET /v1/auth/me': () => ({ status: 401, body: { error: { message: 'Iniciá sesión' } } }) });
    await waitFor(() => expect(localStorage.getItem(HINT_KEY)).toBeNull());
    expect(nav().getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('the 2 s to the panel count from the click, the password check included', async () => {
    const { user } = renderNavbar({
      'POST /v1/user/login': () => new Promise((resolve) => setTimeout(() => resolve({ body: { user: staff } }), 1000)),
    });
    await user.click(nav().getByRole('button', { name: 'Iniciar sesión' }));
    const login = await screen.findByRole('dialog', { name: 'Login' });
    await user.type(within(login).getByLabelText('Email'), staff.email);
    await user.type(within(login).getByLabelText('Password'), 'Admin1234');
    const timers = jest.spyOn(window, 'setTimeout');
    const clicked = Date.now();
    await user.click(within(login).getByRole('button', { name: 'Enviar' }));
    await screen.findByText('panel de staff', undefined, { timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1900);
    // the redirect waits what is left of the 2 s after the 1 s password check, not 2 s more
    const delays = timers.mock.calls.map(([, ms]) => ms ?? 0);
    expect(delays).not.toContain(2000);
    timers.mockRestore();
    // the welcome popup still hides the page from assistive technology: look at the navbar itself
    expect(screen.getByRole('link', { name: 'Panel', hidden: true })).toHaveAttribute('href', '/admin');
  });
});

describe('members find their portal (issue 40)', () => {
  test('"Soy socio" in the navbar leads to /socio/ingresar', async () => {
    const { user } = renderNavbar({});
    const link = nav().getByRole('link', { name: 'Soy socio' });
    expect(link).toHaveAttribute('href', '/socio/ingresar');
    await user.click(link);
    expect(screen.getByText('portal de socios')).toBeInTheDocument();
  });

  test('the login modal sends members to their portal, above the form, and closes; the spec’s word to clients stays', async () => {
    const { user } = renderNavbar({});
    await user.click(nav().getByRole('button', { name: 'Iniciar sesión' }));
    const modal = await screen.findByRole('dialog', { name: 'Login' });
    expect(within(modal).getByText('Si sos cliente, pedile a tu entrenador que te registre.')).toBeInTheDocument();
    const link = within(modal).getByRole('link', { name: 'Entrá al portal de socios' });
    expect(link.closest('p')).toHaveTextContent(/^¿Ya sos socio\? Entrá al portal de socios$/);
    // Above the form: the errors a blur shows under the fields never move it away from the pointer.
    const email = within(modal).getByLabelText('Email');
    expect(link.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(link).toHaveAttribute('href', '/socio/ingresar');
    // Pressing it does not blur the focused e-mail: no error appears to move the link before the click.
    expect(email).toHaveFocus();
    await user.pointer({ keys: '[MouseLeft>]', target: link });
    expect(email).toHaveFocus();
    expect(within(modal).queryByText('Los campos son obligatorios')).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]', target: link });
    expect(screen.getByText('portal de socios')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Login' })).toBeNull());
  });
});
