import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { confirmAction } from '@/components/alerts';
import { serveApi } from '@/test/api-server';
import StaffPage from '../pages/staff-page';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(),
}));
jest.setTimeout(20_000);
const confirm = jest.mocked(confirmAction);

const renderPage = () =>
  render(
    <MemoryRouter>
      <StaffPage />
    </MemoryRouter>,
  );

describe('Lista de administradores', () => {
  test('shows id, name, last name, e-mail and a mask for the password, loading once', async () => {
    const api = serveApi({
      'GET /v1/users': () => ({
        body: {
          users: [
            {
              _id: 'a1',
              name: 'Ana',
              lastname: 'Gómez',
              email: 'admin@gym.local',
              role: 'dueno',
              activo: true,
              lastLoginAt: '2026-12-01T13:05:00.000Z',
            },
          ],
        },
      }),
    });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Lista de administradores' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Ana' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'a1',
      'Ana',
      'Gómez',
      'admin@gym.local',
      '••••••••oculta',
      'DueñoRecepciónEntrenador',
      'activa',
      '01/12/2026 10:05',
      'Desactivar admin@gym.localRestablecer contraseña de admin@gym.local',
    ]);
    expect(within(row).getByRole('combobox', { name: 'Rol de admin@gym.local' })).toHaveValue('dueno');
    expect(within(row).getByRole('cell', { name: '01/12/2026 10:05' })).toHaveAttribute('data-label', 'Último ingreso');
    // Nothing to wait for (what is checked must NOT happen): a grace period for a stray request, which a slow machine can only miss, never fail.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls).toHaveLength(1);
  });

  test('a failed load offers a retry', async () => {
    let fail = true;
    serveApi({
      'GET /v1/users': () =>
        fail ? { status: 500, body: { error: { message: 'Falló la carga' } } } : { body: { users: [] } },
    });
    renderPage();
    expect(await screen.findByText('Falló la carga')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no hay administradores.')).toBeInTheDocument();
  });

  const uuid = '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f';
  const account = {
    _id: uuid,
    name: 'Rita',
    lastname: 'Paz',
    email: 'recepcion.turno.tarde@gimnasio.com',
    role: 'recepcion',
    activo: true,
    lastLoginAt: null,
  };

  test('fits 1366 px: a short id, e-mails and roles kept whole, a narrow mask', async () => {
    serveApi({ 'GET /v1/users': () => ({ body: { users: [account] } }) });
    renderPage();
    const row = (await screen.findByRole('cell', { name: 'Rita' })).closest('tr')!;
    const id = within(row).getByText('3f2a9c1e');
    expect(id).toHaveAttribute('title', uuid);
    expect(within(row).getByRole('cell', { name: account.email })).toHaveClass('staff-email');
    expect(within(row).getByRole('combobox', { name: `Rol de ${account.email}` })).toHaveClass('staff-role');
    expect(within(row).getByRole('option', { name: 'Recepción' })).toBeInTheDocument();
    expect(row.querySelector('[data-label="contraseña"]')).toHaveClass('text-nowrap');
  });

  test('a reset shows the temporary password once, in a box with a copy button', async () => {
    confirm.mockResolvedValue(true);
    serveApi({
      'GET /v1/users': () => ({ body: { users: [account] } }),
      [`POST /v1/users/${uuid}/reset-password`]: () => ({
        body: { user: account, temporaryPassword: 'Xy3kq9Lm2Pa7K' },
      }),
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Restablecer contraseña de ${account.email}` }));
    const box = await screen.findByRole('status', { name: 'Contraseña temporal' });
    expect(box).toHaveTextContent(/^Xy3kq9Lm2Pa7K$/);
    expect(box).toHaveClass('font-monospace');
    expect(screen.getByRole('heading', { name: `Contraseña temporal de ${account.email}` })).toBeInTheDocument();
    expect(screen.getByText(/Se muestra una sola vez: pasásela en persona\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    // userEvent.setup() puts a clipboard stub in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe('Xy3kq9Lm2Pa7K');
    expect(await screen.findByText('Copiada.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Listo, ya la pasé' }));
    expect(screen.queryByText('Xy3kq9Lm2Pa7K')).not.toBeInTheDocument();
  });
});
