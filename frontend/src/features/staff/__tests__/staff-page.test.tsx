/** @jest-environment ./frontend/src/test/jsdom-with-fetch.cjs */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { mockFetch } from '../../../test/mock-fetch';
import StaffPage from '../pages/staff-page';

jest.setTimeout(20_000);

const renderPage = () =>
  render(
    <MemoryRouter>
      <StaffPage />
    </MemoryRouter>,
  );

describe('Lista de administradores', () => {
  test('shows id, name, last name, e-mail and a mask for the password, loading once', async () => {
    const api = mockFetch({
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
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.calls).toHaveLength(1);
  });

  test('a failed load offers a retry', async () => {
    let fail = true;
    mockFetch({
      'GET /v1/users': () =>
        fail ? { status: 500, body: { error: { message: 'Falló la carga' } } } : { body: { users: [] } },
    });
    renderPage();
    expect(await screen.findByText('Falló la carga')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no hay administradores.')).toBeInTheDocument();
  });
});
