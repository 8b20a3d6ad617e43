import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serveApi } from '@/test/api-server';
import { AuthProvider } from '../../auth';
import { RequireStaff } from '../../auth/staff';
import PanelPage from '../pages/panel-page';

/** The panel as `role` sees it; `routes` answers what else the panel asks the API. */
const renderAs = (role: string, routes: Parameters<typeof serveApi>[0] = {}) => {
  serveApi({
    'GET /v1/auth/me': () => ({
      body: { user: { _id: 'a1', name: 'Leo', lastname: 'Díaz', email: 'leo@gym.com', role } },
    }),
    ...routes,
  });
  render(
    <AuthProvider>
      <MemoryRouter>
        <RequireStaff>
          <PanelPage />
        </RequireStaff>
      </MemoryRouter>
    </AuthProvider>,
  );
};

const cards = async () => {
  await screen.findByRole('heading', { level: 2, name: 'Clientes' });
  return screen.getAllByRole('link').map((link) => link.textContent);
};

describe('the panel cards promise only what the role can do', () => {
  test('a trainer reads clients, shifts and plans as things to consult', async () => {
    renderAs('entrenador');
    expect(await cards()).toEqual([
      'ClientesDatos, plan, membresía y apto físico de cada cliente, para consultar.',
      'Gestión de TurnosTurno y entrenador de cada cliente, para consultar.',
      'PlanesLos planes del gimnasio y su precio por hora, para consultar.',
      'ChatMensajes por email a los clientes.',
      'ClasesLas clases de la semana y sus listas, para marcar asistencia.',
    ]);
  });

  test('the front desk has cards for Ingreso, Clases and Membresías, and for Caja', async () => {
    renderAs('recepcion');
    await screen.findByRole('heading', { level: 2, name: 'Clientes' });
    const titles = Array.from(document.querySelectorAll('a.admin-card h2.card-title'), (h) => h.textContent);
    expect(titles).toEqual([
      'Clientes',
      'Gestión de Turnos',
      'Productos',
      'Planes',
      'Chat',
      'Pedidos',
      'Ingreso',
      'Clases',
      'Membresías',
      'Caja',
    ]);
    expect(screen.getByRole('link', { name: /^Ingreso/ })).toHaveAttribute('href', '/admin/ingreso');
    expect(screen.getByRole('link', { name: /^Clases/ })).toHaveAttribute('href', '/admin/clases');
    expect(screen.getByRole('link', { name: /^Membresías/ })).toHaveAttribute('href', '/membresias?estado=por-vencer');
    expect(screen.queryByRole('link', { name: /^Reportes/ })).toBeNull();
  });
});

describe("the owner's backup line", () => {
  const renderWith = (role: string, respaldos: () => { status?: number; body?: unknown }) =>
    renderAs(role, { 'GET /v1/respaldos': respaldos });
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000 - 60_000).toISOString();

  test('says when a backup was last restored and found whole', async () => {
    renderWith('dueno', () => ({
      body: {
        verificado: { at: twoDaysAgo, respaldo: 'daily/x.dump', tablas: 40 },
        fallido: null,
        ultimoRespaldo: twoDaysAgo,
        ultimaBase: null,
      },
    }));
    const line = await screen.findByTestId('respaldo');
    expect(line).toHaveTextContent('Último respaldo verificado: hace 2 días');
    expect(line).not.toHaveClass('text-danger-emphasis');
    expect(screen.queryByTestId('respaldo-que-hacer')).toBeNull();
  });

  test('a failed drill is said in red, with what failed', async () => {
    renderWith('dueno', () => ({
      body: {
        verificado: { at: twoDaysAgo, respaldo: 'daily/x.dump', tablas: 40 },
        fallido: {
          at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
          error: 'clients: 120 filas en la copia, 121 al respaldar',
        },
        ultimoRespaldo: twoDaysAgo,
        ultimaBase: null,
      },
    }));
    const line = await screen.findByTestId('respaldo');
    expect(line).toHaveTextContent(
      'La última prueba de restauración falló hace 3 horas: clients: 120 filas en la copia, 121 al respaldar',
    );
    expect(line).toHaveClass('text-danger-emphasis');
    // It says what to do, not only what went wrong.
    expect(screen.getByTestId('respaldo-que-hacer')).toHaveTextContent(
      'Qué hacer: en el servidor, corré make backup y después make drill (si algo falla, el detalle está en make logs SERVICE=backup), o avisale a quien mantiene el sistema.',
    );
  });

  test('the front desk does not ask for it', async () => {
    const asked = jest.fn(() => ({ status: 403, body: {} }));
    renderWith('recepcion', asked);
    await screen.findByRole('heading', { level: 2, name: 'Clientes' });
    expect(screen.queryByTestId('respaldo')).toBeNull();
    expect(asked).not.toHaveBeenCalled();
  });
});
