/** @jest-environment ./frontend/src/test/jsdom-with-fetch.cjs */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { mockFetch } from '../../../test/mock-fetch';
import { AuthProvider } from '../../../features/auth';
import AdminLayout from '../admin-layout';

const user = { _id: 'a1', name: 'Ana', lastname: 'Gómez', email: 'admin@gym.local' };

function renderAt(path: string) {
  mockFetch({ 'GET /v1/auth/me': () => ({ body: { user } }) });
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
  ])('on %s the current section is %s, and only it', async (path, label) => {
    renderAt(path);
    expect(await current()).toEqual([label]);
  });
});
