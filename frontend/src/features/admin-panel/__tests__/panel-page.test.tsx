import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serveApi } from '@/test/api-server';
import { AuthProvider } from '../../auth';
import { RequireStaff } from '../../auth/staff';
import PanelPage from '../pages/panel-page';

const renderAs = (role: string) => {
  serveApi({
    'GET /v1/auth/me': () => ({
      body: { user: { _id: 'a1', name: 'Leo', lastname: 'Díaz', email: 'leo@gym.com', role } },
    }),
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
    ]);
  });
});
