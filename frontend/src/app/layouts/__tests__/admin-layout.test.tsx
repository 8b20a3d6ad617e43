import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { serveApi } from '@/test/api-server';
import { AuthProvider } from '@/features/auth';
import AdminLayout from '../admin-layout';

const user = { _id: 'a1', name: 'Ana', lastname: 'Gómez', email: 'admin@gym.local', role: 'dueno' };

function renderAt(path: string) {
  serveApi({ 'GET /v1/auth/me': () => ({ body: { user } }) });
  render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route path="*" element={<p>pantalla</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

const current = async () => {
  await screen.findByText('pantalla');
  const nav = screen.getByRole('navigation', { name: 'Administración' });
  return Array.from(nav.querySelectorAll('.nav-link.active'), (link) => link.textContent);
};

describe('admin navbar', () => {
  test.each([
    ['/clientes', 'Usuarios'],
    ['/listadeusuarios', 'Usuarios'],
    ['/agregarusuario', 'Usuarios'],
    ['/editarusuario/demo-001', 'Usuarios'],
    ['/planes', 'Planes'],
    ['/editarplan/ABC', 'Planes'],
    ['/chatparticular/demo-001', 'Chat'],
    ['/admin', 'Administrador'],
    ['/admin/productos', 'Productos'],
    ['/admin/users', 'Tabla admin'],
    ['/membresias', 'Membresías'],
    ['/membresias/plantillas', 'Membresías'],
    ['/admin/pedidos', 'Pedidos'],
    ['/admin/pedidos/G-000004', 'Pedidos'],
  ])('on %s the current section is %s, and only it', async (path, label) => {
    renderAt(path);
    expect(await current()).toEqual([label]);
  });
});

describe('the menu and the screens follow the role', () => {
  const renderAs = (role: string, path: string, mustChangePassword = false) => {
    serveApi({ 'GET /v1/auth/me': () => ({ body: { user: { ...user, role }, mustChangePassword } }) });
    render(
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route path="*" element={<p>pantalla</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AuthProvider>,
    );
  };
  /** The bar's entries, and those under *Más* (from the role table: config/screen-permissions.ts). */
  const menu = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    return {
      bar: Array.from(nav.querySelectorAll('.navbar-nav > .nav-item > .nav-link'), (link) => link.textContent),
      more: Array.from(nav.querySelectorAll('.dropdown-item'), (link) => link.textContent),
    };
  };

  test.each([
    [
      'dueno',
      {
        bar: [
          'Administrador',
          'Planes',
          'Usuarios',
          'Membresías',
          'Ingreso',
          'Clases',
          'Chat',
          'Productos',
          'Pedidos',
          'Tabla admin',
          'Más',
        ],
        more: ['Caja', 'Reportes', 'Facturas', 'Precios', 'Bajas pedidas', 'Auditoría', 'Mi cuenta'],
      },
    ],
    [
      'recepcion',
      {
        bar: [
          'Administrador',
          'Planes',
          'Usuarios',
          'Membresías',
          'Ingreso',
          'Clases',
          'Chat',
          'Productos',
          'Pedidos',
          'Más',
        ],
        more: ['Caja', 'Bajas pedidas', 'Mi cuenta'],
      },
    ],
    // One entry left for *Más*: it stays on the bar.
    ['entrenador', { bar: ['Administrador', 'Planes', 'Usuarios', 'Clases', 'Chat', 'Mi cuenta'], more: [] }],
  ])('as %s the navigation shows %p', async (role, expected) => {
    renderAs(role, '/admin');
    await screen.findByText('pantalla');
    expect(await menu()).toEqual(expected);
  });

  test('Más opens with Caja and Reportes, marks itself current on their screens, and closes with Escape', async () => {
    renderAs('dueno', '/admin/reportes');
    await screen.findByText('pantalla');
    const more = screen.getByRole('button', { name: 'Más' });
    expect(more).toHaveClass('active');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Caja' })).toHaveAttribute('href', '/admin/caja');
    expect(screen.getByRole('link', { name: 'Reportes' })).toHaveAttribute('href', '/admin/reportes');
    expect(screen.getByRole('link', { name: 'Reportes' })).toHaveClass('active');
    await userEvent.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  test.each([
    ['entrenador', '/admin/productos'],
    ['entrenador', '/agregarusuario'],
    ['entrenador', '/membresias'],
    ['entrenador', '/admin/pedidos'],
    ['recepcion', '/admin/users'],
    ['recepcion', '/admin/auditoria'],
    ['recepcion', '/admin/facturas'],
  ])('as %s a direct URL to %s shows "No tenés permiso", not the screen', async (role, path) => {
    renderAs(role, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'No tenés permiso' })).toBeInTheDocument();
    expect(screen.queryByText('pantalla')).not.toBeInTheDocument();
  });

  test('with a temporary password only the password change is shown', async () => {
    renderAs('recepcion', '/clientes', true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cambiá tu contraseña' })).toBeInTheDocument();
    expect(screen.queryByText('pantalla')).not.toBeInTheDocument();
  });
});
