import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  classMessages as m,
  classSetupMessages as cs,
  type CheckinResult,
  type ClassSetup,
  type MemberClasses,
} from '@gym/contracts/classes';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import { AuthProvider } from '../../auth';
import { RequireStaff } from '../../auth/staff';
import { ClassSettings } from '../components/class-settings';
import { ClientClasses } from '../components/client-classes';
import { SuspendDayForm } from '../components/suspend-day-form';
import { TodayClasses } from '../components/today-classes';
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
    repeat: false,
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

describe('classes on other screens', () => {
  const asDesk = (ui: React.ReactNode, routes: Parameters<typeof serveApi>[0]) => {
    const api = serveApi({
      'GET /v1/auth/me': () => ({
        body: { user: { _id: 'a1', name: 'Leo', lastname: 'Díaz', email: 'leo@gym.com', role: 'recepcion' } },
      }),
      ...routes,
    });
    render(
      <AuthProvider>
        <MemoryRouter>
          <RequireStaff>{ui}</RequireStaff>
        </MemoryRouter>
      </AuthProvider>,
    );
    return api;
  };

  test('a client’s page: the DNI for the door, and how often they came, missed or cancelled late', async () => {
    const api = asDesk(<ClientClasses idUsuario="demo-001" />, {
      'GET /v1/clases/clientes/demo-001': () => ({
        body: {
          dni: null,
          asistencias: 7,
          ausencias: 2,
          tardias: 1,
          ultimas: [
            { id: 'b1', discipline: 'boxeo', day: '2026-11-23', starts: '14:00', status: 'ausente', lateCancel: false },
          ],
        },
      }),
      'PUT /v1/clases/clientes/demo-001/dni': () => ({ body: { dni: '30123401' } }),
    });
    expect(await screen.findByTestId('client-attendance')).toHaveTextContent(
      'Asistió a 7 · faltó a 2 · 1 cancelación tardía',
    );
    expect(screen.getByText('23/11/2026 14:00 · Boxeo · No vino')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('DNI (para buscarlo en la puerta)'), '30.123.401');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar DNI' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ dni: '30.123.401' }));
  });

  test('a trainer’s view of a client’s classes: no DNI, since the answer does not carry it', async () => {
    serveApi({
      'GET /v1/auth/me': () => ({
        body: { user: { _id: 'a2', name: 'Caro', lastname: 'Sosa', email: 'caro@gym.com', role: 'entrenador' } },
      }),
      'GET /v1/clases/clientes/demo-001': () => ({ body: { asistencias: 3, ausencias: 0, tardias: 0, ultimas: [] } }),
    });
    render(
      <AuthProvider>
        <MemoryRouter>
          <RequireStaff>
            <ClientClasses idUsuario="demo-001" />
          </RequireStaff>
        </MemoryRouter>
      </AuthProvider>,
    );
    expect(await screen.findByTestId('client-attendance')).toHaveTextContent('Asistió a 3 · faltó a 0');
    expect(screen.queryByLabelText('DNI (para buscarlo en la puerta)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar DNI' })).not.toBeInTheDocument();
  });

  test('the dashboard: today’s door and how full today’s classes are', async () => {
    asDesk(<TodayClasses />, {
      'GET /v1/clases/hoy': () => ({
        body: { ingresos: 12, rechazados: 1, sesiones: [{ ...session('s1', '14:00', 18, 2), day: '2026-11-25' }] },
      }),
    });
    expect(await screen.findByTestId('today-classes')).toHaveTextContent(
      'Hoy: 12 ingresos y 1 rechazado en la puerta14:00 Boxeo: 18 de 20 lugares, 2 en espera',
    );
  });

  test('counts agree with their noun: "1 ingreso", "1 de 1 lugar"', async () => {
    asDesk(<TodayClasses />, {
      'GET /v1/clases/hoy': () => ({
        body: {
          ingresos: 1,
          rechazados: 2,
          sesiones: [{ ...session('s1', '14:00', 1), capacity: 1, day: '2026-11-25' }],
        },
      }),
    });
    expect(await screen.findByTestId('today-classes')).toHaveTextContent(
      'Hoy: 1 ingreso y 2 rechazados en la puerta14:00 Boxeo: 1 de 1 lugar',
    );
  });
});

describe('the owner’s settings on /admin/clases', () => {
  const setup: ClassSetup = {
    slots: [
      {
        id: 1,
        discipline: 'boxeo',
        weekday: 1,
        starts: '14:00',
        ends: '16:00',
        room: 'Salón de boxeo',
        capacity: 20,
        trainerId: 3,
        coach: 'Diego Sosa',
        active: true,
      },
    ],
    rules: { daysAhead: 7, freeCancelHours: 2, weeklyLimit: 3 },
    plans: [{ idPlan: 1, nombrePlan: 'BOXEO', disciplines: ['boxeo'], weeklyLimit: null }],
    trainers: [{ id: 3, nombre: 'Diego Sosa' }],
  };

  test('a new hour, a bigger class and the rules go to the API as typed; a refusal is told in its words', async () => {
    const api = serveApi({
      'POST /v1/clases/horarios': () => ({ status: 409, body: { error: { message: cs.slotTaken } } }),
      'PUT /v1/clases/horarios/1': () => ({ body: setup }),
      'PUT /v1/clases/reglas': () => ({ body: setup }),
    });
    render(<ClassSettings setup={setup} />);
    renderNotices();
    await userEvent.selectOptions(screen.getByLabelText('Día'), 'Sábado');
    await userEvent.type(screen.getByLabelText('Empieza'), '10:00');
    await userEvent.type(screen.getByLabelText('Termina'), '12:00');
    await userEvent.type(screen.getByLabelText('Sala'), 'Ring');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar horario' }));
    expect(await screen.findByRole('dialog', { name: 'No se pudo agregar el horario' })).toHaveTextContent(
      cs.slotTaken,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    // The popup gone (it hides the page from screen readers while open), the page is reachable again.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByText('Boxeo', { selector: 'summary' }));
    const capacity = screen.getByLabelText('Cupo de Boxeo Lunes 14:00');
    // The whole value in one change: typed key by key, a loaded machine's re-render between the '2'
    // and the '5' put the field back to 2 (seen in CI), which is not what this test is about.
    fireEvent.change(capacity, { target: { value: '25' } });
    expect(capacity).toHaveValue(25);
    // The Guardar of that slot's own row (not the n-th of the page's).
    await userEvent.click(within(capacity.closest('tr')!).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls.map((c) => c.method)).toEqual(['POST', 'PUT']), { timeout: 15_000 });
    // The saved notice is in the live region; the form stays usable beside it.
    await expectNotice('Horario guardado');
    await userEvent.clear(screen.getByLabelText('Clases por semana (si el plan no dice)'));
    await userEvent.type(screen.getByLabelText('Clases por semana (si el plan no dice)'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(3));
    expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/v1/clases/horarios',
        {
          discipline: 'boxeo',
          weekday: 6,
          starts: '10:00',
          ends: '12:00',
          room: 'Ring',
          capacity: 20,
          trainerId: null,
        },
      ],
      ['PUT', '/v1/clases/horarios/1', { room: 'Salón de boxeo', capacity: 25, trainerId: 3, active: true }],
      ['PUT', '/v1/clases/reglas', { daysAhead: 7, freeCancelHours: 2, weeklyLimit: 4 }],
    ]);
  });
});

test('a holiday: the desk confirms, and every class of the day is suspended with the reason', async () => {
  const api = serveApi({
    'POST /v1/clases/dias/2026-12-08/suspender': () => ({
      body: { message: 'Se suspendieron 6 clases. Avisamos por e-mail a 4 personas.', clases: 6, avisados: 4 },
    }),
  });
  render(<SuspendDayForm day="2026-12-08" />);
  renderNotices();
  await userEvent.type(screen.getByLabelText('Motivo para suspender todas las clases del día'), 'Feriado');
  await userEvent.click(screen.getByRole('button', { name: 'Suspender todas las clases del día' }));
  const ask = await screen.findByRole('dialog', { name: '¿Suspender todas las clases del 08/12/2026?' });
  await userEvent.click(within(ask).getByRole('button', { name: 'Sí, suspender' }));
  await expectNotice('Se suspendieron 6 clases. Avisamos por e-mail a 4 personas.');
  expect(api.calls.map((c) => [c.path, c.body])).toEqual([
    ['/v1/clases/dias/2026-12-08/suspender', { motivo: 'Feriado' }],
  ]);
});
