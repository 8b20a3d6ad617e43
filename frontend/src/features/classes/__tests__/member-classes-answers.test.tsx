import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { classMessages as m, type MemberClasses } from '@gym/contracts/classes';
import { queryClient } from '@/api/server-state';
import { serveApi } from '@/test/api-server';
import { memberKeys } from '../../members';
import MemberClassesPage from '../pages/member-classes-page';

type Mine = MemberClasses['sessions'][number]['mine'];

const boxing = (booked: number, mine: Mine = null): MemberClasses['sessions'][number] => ({
  id: 's1',
  discipline: 'boxeo',
  day: '2026-11-26',
  starts: '14:00',
  ends: '16:00',
  startsAt: '2026-11-26T17:00:00.000Z',
  room: 'Salón de boxeo',
  coach: 'Diego Sosa',
  capacity: 20,
  booked,
  waiting: 0,
  status: 'programada',
  cancelReason: null,
  mine,
});

function renderClasses() {
  render(
    <MemoryRouter>
      <MemberClassesPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const kept = () =>
  queryClient
    .getQueryCache()
    .findAll()
    .map((q) => q.queryKey);

const classLoads = (api: ReturnType<typeof serveApi>) =>
  api.calls.filter((c) => c.method === 'GET' && c.path === '/v1/socio/clases').length;

describe('Mis clases keeps its answer with the portal’s (issue 43)', () => {
  test('a booking shows as the member’s with no reload by hand: the change itself makes the list stale', async () => {
    // The account, as the portal's first page left it: it says whose the session is.
    queryClient.setQueryData(memberKeys.account, { idUsuario: 'demo-001', nombre: 'Lucía Fernández' });
    let mine: Mine = null;
    const api = serveApi({
      'GET /v1/socio/clases': () => ({ body: { sessions: [boxing(mine ? 13 : 12, mine)], blocked: null } }),
      'POST /v1/socio/clases/s1/reserva': () => {
        mine = { id: 'b1', status: 'reservada', position: null };
        return { status: 201, body: { id: 'b1', status: 'reservada', position: null, message: m.booked } };
      },
    });
    const user = renderClasses();
    const card = await screen.findByTestId('member-class');
    expect(card).toHaveTextContent('Quedan 8 lugares');
    expect(kept()).toContainEqual(['classes', 'socio', 'demo-001']);

    await user.click(within(card).getByRole('button', { name: 'Reservar' }));
    expect(await screen.findByTestId('member-class-notice')).toHaveTextContent(m.booked);
    await waitFor(() => expect(within(card).getByText('Tenés tu lugar')).toBeInTheDocument());
    expect(card).toHaveTextContent('Quedan 7 lugares');
    expect(classLoads(api)).toBe(2);
  });

  test('a refused booking loads the list again: the class may have filled meanwhile', async () => {
    let full = false;
    const api = serveApi({
      'GET /v1/socio/clases': () => ({ body: { sessions: [boxing(full ? 20 : 19)], blocked: null } }),
      'POST /v1/socio/clases/s1/reserva': () => {
        full = true;
        return { status: 409, body: { error: { message: m.alreadyBooked } } };
      },
    });
    const user = renderClasses();
    const card = await screen.findByTestId('member-class');
    // Straight to /socio/clases, before the account has said whose the session is: kept for no member.
    expect(kept()).toContainEqual(['classes', 'socio', null]);
    await user.click(within(card).getByRole('button', { name: 'Reservar' }));
    expect(await screen.findByTestId('member-class-notice')).toHaveTextContent(m.alreadyBooked);
    await waitFor(() => expect(card).toHaveTextContent('Clase llena'));
    expect(classLoads(api)).toBe(2);
  });
});
