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

const renderAs = (
  role: string,
  page: () => MembersAtRiskPage,
  winBack: () => { status?: number; body: unknown } = () => ({ body: { message: rm.winBackQueued('Ana Paz') } }),
) => {
  const api = serveApi({
    'POST /v1/socios-en-riesgo/c-away/te-extranamos': winBack,
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
        '',
      ],
      [
        'Ana Paz',
        '01/11/2026',
        '1 visita en 30 días (antes, 7,5 por mes)',
        'Sin venir hace 14 días o más; Viene la mitad o menos que antes',
        'Puede reservar',
        'Mandar «Te extrañamos»',
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

  test('the desk sends "Te extrañamos" to a member away: the answer shows in the row, the button is spent', async () => {
    const api = renderAs('recepcion', () => ({ socios: [blocked, away], total: 2, ausenciaDias: 14 }));
    const card = await screen.findByRole('region', { name: 'Socios en riesgo (2)' });
    // Only a member on the list for not coming gets the button.
    expect(within(card).getAllByRole('button', { name: /Te extrañamos/ })).toHaveLength(1);
    const button = within(card).getByRole('button', { name: 'Mandar «Te extrañamos» a Ana Paz' });
    await userEvent.click(button);
    const row = button.closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('status')).toHaveTextContent(rm.winBackQueued('Ana Paz')));
    expect(button).toBeDisabled();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/v1/socios-en-riesgo/c-away/te-extranamos',
    ]);
    // No modal, no notice: the answer stays in the row.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a refusal says why in the row, and the button stays to try again', async () => {
    renderAs(
      'recepcion',
      () => ({ socios: [away], total: 1, ausenciaDias: 14 }),
      () => ({ status: 409, body: { error: { message: rm.winBackNoConsent } } }),
    );
    const button = await screen.findByRole('button', { name: 'Mandar «Te extrañamos» a Ana Paz' });
    await userEvent.click(button);
    const row = button.closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('status')).toHaveTextContent(rm.winBackNoConsent));
    expect(button).toBeEnabled();
  });

  test('nobody at risk is said in words', async () => {
    renderAs('dueno', () => ({ socios: [], total: 0, ausenciaDias: 14 }));
    expect(await screen.findByText('Ningún socio en riesgo: todos vienen seguido.')).toBeInTheDocument();
  });
});
