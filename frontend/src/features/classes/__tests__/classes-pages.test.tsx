import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { classMessages as m, type CheckinResult, type MemberClasses } from '@gym/contracts';
import { serveApi } from '@/test/api-server';
import DoorPage from '../pages/door-page';
import MemberClassesPage from '../pages/member-classes-page';

const session = (id: string, starts: string, booked: number, waiting = 0): MemberClasses['sessions'][number] => ({
  id,
  discipline: 'boxeo',
  day: '2026-11-26',
  starts,
  ends: `${Number(starts.slice(0, 2)) + 2}:00`,
  startsAt: `2026-11-26T${Number(starts.slice(0, 2)) + 3}:00:00.000Z`,
  room: 'Salón de boxeo',
  coach: 'Diego Sosa',
  capacity: 20,
  booked,
  waiting,
  status: 'programada',
  cancelReason: null,
  mine: null,
});

describe('Mis clases, on the member’s phone', () => {
  test('places left or a full class; booking says so and shows the place as theirs', async () => {
    let mine: MemberClasses['sessions'][number]['mine'] = null;
    const api = serveApi({
      'GET /v1/socio/clases': () => ({
        body: {
          sessions: [{ ...session('s1', '14:00', 19), mine }, session('s2', '16:00', 20, 2)],
          blocked: null,
        },
      }),
      'POST /v1/socio/clases/s1/reserva': () => {
        mine = { id: 'b1', status: 'reservada', position: null };
        return { status: 201, body: { id: 'b1', status: 'reservada', position: null, message: m.booked } };
      },
    });
    render(
      <MemoryRouter>
        <MemberClassesPage />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Mis clases' });
    expect(screen.getByText('Jueves 26/11')).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('member-class');
    expect(first).toHaveTextContent('Boxeo · 14:00 a 16:00Salón de boxeo · con Diego Sosa · Queda 1 lugar');
    expect(second).toHaveTextContent('Clase llena · 2 en espera');
    expect(within(second!).getByRole('button', { name: 'Anotarme en espera' })).toBeEnabled();

    await userEvent.click(within(first!).getByRole('button', { name: 'Reservar' }));
    expect(await screen.findByTestId('member-class-notice')).toHaveTextContent(m.booked);
    await waitFor(() => expect(within(first!).getByText('Tenés tu lugar')).toBeInTheDocument());
    expect(within(first!).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path === '/v1/socio/clases')).toHaveLength(2);
  });

  test('who cannot book reads why, and the buttons wait', async () => {
    serveApi({
      'GET /v1/socio/clases': () => ({ body: { sessions: [session('s1', '14:00', 3)], blocked: m.noApto } }),
    });
    render(
      <MemoryRouter>
        <MemberClassesPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(m.noApto)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reservar' })).toBeDisabled();
  });
});

describe('the door', () => {
  const green: CheckinResult = {
    allowed: true,
    reason: 'Al día: pagada hasta el 15/12/2026',
    cliente: { idUsuario: 'demo-001', nombre: 'Lucía Fernández', plan: 'BOXEO' },
    clase: { discipline: 'boxeo', starts: '14:00' },
    at: '2026-11-25T16:50:00.000Z',
  };

  test('a DNI as people type it, a scanner’s QR text, or a name to pick from', async () => {
    const api = serveApi({
      'GET /v1/clases/ingresos': () => ({ body: { ingresos: [] } }),
      'POST /v1/clases/ingresos': ({ body }) =>
        (body as { qr?: string }).qr
          ? { body: { ...green, allowed: false, reason: 'El código QR venció', clase: null } }
          : { body: green },
      'GET /v1/clases/buscar': () => ({
        body: { clientes: [{ idUsuario: 'demo-001', nombre: 'Lucía Fernández', plan: 'BOXEO', dni: '30123401' }] },
      }),
    });
    render(
      <MemoryRouter>
        <DoorPage />
      </MemoryRouter>,
    );
    const field = screen.getByLabelText('DNI, nombre o código');
    await userEvent.type(field, '30.123.401{Enter}');
    const card = await screen.findByTestId('checkin-result');
    expect(card).toHaveTextContent(
      'Puede pasarLucía Fernández · BOXEOAl día: pagada hasta el 15/12/2026Clase de hoy: Boxeo 14:00 · asistió ✓',
    );
    expect(field).toHaveValue('');

    await userEvent.type(field, 'GYM1.demo-001.1q2w3e.AbCdEfGhIjKlMnOpQrStUv{Enter}');
    await waitFor(() => expect(screen.getByTestId('checkin-result')).toHaveTextContent('No puede pasar'));

    await userEvent.type(field, 'fernan{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: /Lucía Fernández · BOXEO · código demo-001/ }));
    await waitFor(() => expect(screen.getByTestId('checkin-result')).toHaveTextContent('Puede pasar'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { dni: '30123401' },
      { qr: 'GYM1.demo-001.1q2w3e.AbCdEfGhIjKlMnOpQrStUv' },
      { idUsuario: 'demo-001' },
    ]);
  });
});
