import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { retentionMessages as rm, type MemberAtRisk, type MembersAtRiskPage } from '@gym/contracts/retention';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import { AuthProvider } from '../../auth';
import { RequireStaff } from '../../auth/staff';
import { MembersAtRisk } from '../components/members-at-risk';

const away: MemberAtRisk = {
  idUsuario: 'c-away',
  nombre: 'Ana Paz',
  motivos: ['ausencia', 'baja'],
  ultimaVisita: '2026-11-01',
  visitasMes: 1,
  promedioMensual: 7.5,
  ausentes30: 0,
  bloqueadoHasta: null,
};
const blocked: MemberAtRisk = {
  idUsuario: 'c-blocked',
  nombre: 'Beto Ruiz',
  motivos: ['ausentes'],
  ultimaVisita: '2026-11-25',
  visitasMes: 9,
  promedioMensual: 8,
  ausentes30: 3,
  bloqueadoHasta: '2026-12-03',
};

const renderAs = (role: string, page: () => MembersAtRiskPage) => {
  const api = serveApi({
    'GET /v1/auth/me': () => ({
      body: { user: { _id: 'a1', name: 'Leo', lastname: 'Díaz', email: 'leo@gym.com', role } },
    }),
    'GET /v1/socios-en-riesgo': () => ({ body: page() }),
    'POST /v1/clientes/c-blocked/reservas/desbloquear': () => {
      blocked.bloqueadoHasta = null;
      return { body: { message: rm.lifted } };
    },
  });
  renderNotices();
  render(
    <AuthProvider>
      <MemoryRouter>
        <RequireStaff>
          <MembersAtRisk />
        </RequireStaff>
      </MemoryRouter>
    </AuthProvider>,
  );
  return api;
};

describe('Socios en riesgo on the panel', () => {
  test('each member with the last visit, the trend, the reasons and a link to the client', async () => {
    renderAs('recepcion', () => ({ socios: [blocked, away], total: 2, ausenciaDias: 14 }));
    const card = await screen.findByRole('region', { name: 'Socios en riesgo (2)' });
    const rows = within(card).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent))).toEqual([
      [
        'Beto Ruiz',
        '25/11/2026',
        '9 visitas en 30 días (antes, 8 por mes)',
        'Faltó a clases reservadas (3 faltas en 30 días)',
        'Bloqueadas hasta el 03/12/2026Levantar bloqueo',
      ],
      [
        'Ana Paz',
        '01/11/2026',
        '1 visita en 30 días (antes, 7,5 por mes)',
        'Sin venir hace 14 días o más; Viene la mitad o menos que antes',
        'Puede reservar',
      ],
    ]);
    expect(within(card).getByRole('link', { name: 'Ana Paz' })).toHaveAttribute('href', '/clientes/ver/c-away');
  });

  test('the desk lifts a block: the API is asked, the notice says so and the list loads again', async () => {
    blocked.bloqueadoHasta = '2026-12-03';
    const api = renderAs('recepcion', () => ({ socios: [blocked], total: 1, ausenciaDias: 14 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Levantar bloqueo' }));
    await expectNotice(rm.lifted, 'Beto Ruiz puede volver a reservar clases.');
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/v1/clientes/c-blocked/reservas/desbloquear',
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Levantar bloqueo' })).toBeNull(), {
      timeout: 10_000,
    });
    expect(screen.getByText('Puede reservar')).toBeInTheDocument();
  });

  test('nobody at risk is said in words', async () => {
    renderAs('dueno', () => ({ socios: [], total: 0, ausenciaDias: 14 }));
    expect(await screen.findByText('Ningún socio en riesgo: todos vienen seguido.')).toBeInTheDocument();
  });
});
