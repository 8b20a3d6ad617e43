import { render, screen } from '@testing-library/react';
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
  const links = async () => {
    const nav = await screen.findByRole('navigation', { name: 'Administración' });
    return Array.from(nav.querySelectorAll('.nav-link'), (link) => link.textContent);
  };

  test.each([
    [
      'dueno',
      [
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
        'Auditoría',
        'Mi cuenta',
      ],
    ],
    [
      'recepcion',
      [
        'Administrador',
        'Planes',
        'Usuarios',
        'Membresías',
        'Ingreso',
        'Clases',
        'Chat',
        'Productos',
        'Pedidos',
        'Mi cuenta',
      ],
    ],
    ['entrenador', ['Administrador', 'Planes', 'Usuarios', 'Clases', 'Chat', 'Mi cuenta']],
  ])('as %s the navigation shows %p', async (role, expected) => {
    renderAs(role, '/admin');
    await screen.findByText('pantalla');
    expect(await links()).toEqual(expected);
  });

  test.each([
    ['entrenador', '/admin/productos'],
    ['entrenador', '/agregarusuario'],
    ['entrenador', '/membresias'],
    ['entrenador', '/admin/pedidos'],
    ['recepcion', '/admin/users'],
    ['recepcion', '/admin/auditoria'],
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
