import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { classMessages as m, type MemberClasses } from '@gym/contracts/classes';
import { serveApi } from '@/test/api-server';
import MemberClassesPage from '../pages/member-classes-page';

type Session = MemberClasses['sessions'][number];

const mySession = (mine: Session['mine']): Session => ({
  id: 's1',
  discipline: 'boxeo',
  day: '2026-11-26',
  starts: '14:00',
  ends: '16:00',
  startsAt: '2026-11-26T17:00:00.000Z',
  room: 'Salón de boxeo',
  coach: 'Diego Sosa',
  capacity: 20,
  booked: 12,
  waiting: 0,
  status: 'programada',
  cancelReason: null,
  mine,
});

beforeAll(() => {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

function renderClasses(mine: Session['mine']) {
  const api = serveApi({
    'GET /v1/socio/clases': () => ({ body: { sessions: [mySession(mine)], blocked: null } }),
    'POST /v1/socio/reservas/b1/cancelar': () => ({ body: { message: m.cancelled, promoted: null } }),
  });
  render(
    <MemoryRouter>
      <MemberClassesPage />
    </MemoryRouter>,
  );
  return { api, user: userEvent.setup() };
}

const sent = (api: ReturnType<typeof serveApi>) => api.calls.filter((c) => c.method !== 'GET');

describe('a member gives a class back only after saying yes (issue 40)', () => {
  test('"Cancelar" asks first; "No, mantener mi lugar" keeps the place and sends nothing', async () => {
    const { api, user } = renderClasses({ id: 'b1', status: 'reservada', position: null });
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Cancelar tu lugar en Boxeo del jueves 26/11 a las 14:00?');
    await user.click(within(dialog).getByRole('button', { name: 'No, mantener mi lugar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api)).toEqual([]);
    expect(screen.getByText('Tenés tu lugar')).toBeInTheDocument();
  });

  test('"Sí, cancelar" gives the place back and says so', async () => {
    const { api, user } = renderClasses({ id: 'b1', status: 'reservada', position: null });
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByTestId('member-class-notice')).toHaveTextContent(m.cancelled);
    expect(sent(api).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/socio/reservas/b1/cancelar']);
  });

  test('leaving the waiting list asks too', async () => {
    const { api, user } = renderClasses({ id: 'b1', status: 'espera', position: 2 });
    await user.click(await screen.findByRole('button', { name: 'Salir de la espera' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Salir de la lista de espera de Boxeo del jueves 26/11 a las 14:00?');
    await user.click(within(dialog).getByRole('button', { name: 'No, seguir esperando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(api)).toEqual([]);
  });
});
