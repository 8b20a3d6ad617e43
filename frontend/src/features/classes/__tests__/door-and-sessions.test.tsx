import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { addDays, tucumanToday } from '@gym/contracts/membership-dates';
import {
  isoWeekday,
  type CheckinResult,
  type ClassBooking,
  type ClassSession,
  type ClassSessionDetail,
} from '@gym/contracts/classes';
import { serveApi } from '@/test/api-server';
import { SessionPanel } from '../components/session-panel';
import ClassesPage from '../pages/classes-page';
import DoorPage from '../pages/door-page';

jest.mock('@/components/alerts', () => ({
  showAlert: jest.fn(() => Promise.resolve()),
  confirmAction: jest.fn(() => Promise.resolve(true)),
}));

const mateo = { idUsuario: 'demo-004', nombre: 'Mateo Díaz', plan: 'BOXEO' };

describe('the door’s red card (issue 40, item 7)', () => {
  const refused: CheckinResult = {
    allowed: false,
    repeat: false,
    reason: 'Vencida desde el 21/11/2026',
    cliente: mateo,
    clase: null,
    at: '2026-11-26T10:30:00.000Z',
  };

  test('"No puede pasar" links to the client’s page and to their payment form', async () => {
    serveApi({
      'GET /v1/clases/ingresos': () => ({ body: { ingresos: [] } }),
      'POST /v1/clases/ingresos': () => ({ body: refused }),
    });
    render(
      <MemoryRouter>
        <DoorPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('DNI, nombre o código'), '30123404{Enter}');
    const card = await screen.findByTestId('checkin-result');
    expect(card).toHaveTextContent('No puede pasar');
    expect(within(card).getByRole('link', { name: 'Ver ficha' })).toHaveAttribute('href', '/clientes/ver/demo-004');
    expect(within(card).getByRole('link', { name: 'Registrar pago' })).toHaveAttribute(
      'href',
      '/editarusuario/demo-004#registrar-pago',
    );
  });

  test('a green card has no such links, nor a red one for nobody found', async () => {
    let answer: CheckinResult = { ...refused, allowed: true, reason: 'Al día: pagada hasta el 15/12/2026' };
    serveApi({
      'GET /v1/clases/ingresos': () => ({ body: { ingresos: [] } }),
      'POST /v1/clases/ingresos': () => ({ body: answer }),
    });
    render(
      <MemoryRouter>
        <DoorPage />
      </MemoryRouter>,
    );
    const field = screen.getByLabelText('DNI, nombre o código');
    await userEvent.type(field, '30123401{Enter}');
    expect(await screen.findByTestId('checkin-result')).toHaveTextContent('Puede pasar');
    expect(screen.queryByRole('link', { name: 'Ver ficha' })).toBeNull();
    answer = { ...refused, cliente: null, reason: 'No hay ningún cliente con ese DNI' };
    await userEvent.type(field, '99999999{Enter}');
    await waitFor(() => expect(screen.getByTestId('checkin-result')).toHaveTextContent('No hay ningún cliente'));
    expect(screen.queryByRole('link', { name: 'Registrar pago' })).toBeNull();
  });
});

describe('the door’s amber card (issue 41, item 5)', () => {
  test('the same member again within the window: "Ingreso repetido", the first entry’s time, and so in the list', async () => {
    const repeat: CheckinResult = {
      allowed: true,
      repeat: true,
      reason: 'Ya ingresó hoy a las 10:05',
      cliente: mateo,
      clase: null,
      at: '2026-11-26T13:40:00.000Z',
    };
    let listed: unknown[] = [];
    serveApi({
      'GET /v1/clases/ingresos': () => ({ body: { ingresos: listed } }),
      'POST /v1/clases/ingresos': () => {
        listed = [
          {
            id: '2',
            at: repeat.at,
            idUsuario: 'demo-004',
            nombre: 'Mateo Díaz',
            channel: 'qr',
            allowed: true,
            repeat: true,
            reason: repeat.reason,
          },
          {
            id: '1',
            at: '2026-11-26T13:05:00.000Z',
            idUsuario: 'demo-004',
            nombre: 'Mateo Díaz',
            channel: 'dni',
            allowed: true,
            repeat: false,
            reason: 'Al día: pagada hasta el 15/12/2026',
          },
        ];
        return { body: repeat };
      },
    });
    render(
      <MemoryRouter>
        <DoorPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('DNI, nombre o código'), '30123404{Enter}');
    const card = await screen.findByTestId('checkin-result');
    expect(card).toHaveAttribute('data-state', 'amber');
    expect(card).toHaveTextContent('Ingreso repetido');
    expect(card).not.toHaveTextContent('Puede pasar');
    expect(screen.getByTestId('checkin-reason')).toHaveTextContent(/^Ya ingresó hoy a las 10:05$/);
    const list = await screen.findByTestId('checkins-today');
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset.state),
    ).toEqual(['amber', 'green']);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Ingreso repetido: Mateo Díaz · Ya ingresó hoy a las 10:05',
    );
  });
});

const today = tucumanToday(new Date());
const aSession = (over: Partial<ClassSession> = {}): ClassSession => ({
  id: 's1',
  discipline: 'boxeo',
  day: addDays(today, 1),
  starts: '14:00',
  ends: '16:00',
  startsAt: `${addDays(today, 1)}T17:00:00.000Z`,
  room: 'Salón de boxeo',
  coach: 'Diego Sosa',
  capacity: 20,
  booked: 1,
  waiting: 0,
  status: 'programada',
  cancelReason: null,
  ...over,
});
const aBooking = (over: Partial<ClassBooking> = {}): ClassBooking => ({
  id: 'b1',
  sessionId: 's1',
  idUsuario: 'demo-001',
  nombre: 'Lucía Fernández',
  status: 'asistio',
  position: null,
  lateCancel: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  ...over,
});

describe('a class’s roster', () => {
  test('an attendance mark (the door’s, before the class) can be undone: the place is booked again', async () => {
    let bookings = [aBooking()];
    const api = serveApi({
      'GET /v1/clases/sesiones/s1': () => ({ body: { session: aSession(), bookings } satisfies ClassSessionDetail }),
      'DELETE /v1/clases/reservas/b1/asistencia': () => {
        bookings = [aBooking({ status: 'reservada' })];
        return { body: { reservas: bookings } };
      },
    });
    render(<SessionPanel id="s1" />);
    const row = await screen.findByRole('row', { name: /Lucía Fernández/ });
    expect(row).toHaveTextContent('Asistió');
    await userEvent.click(within(row).getByRole('button', { name: 'Deshacer la marca de Lucía Fernández' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /Lucía Fernández/ })).toHaveTextContent('Reservada'));
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/v1/clases/reservas/b1/asistencia',
    ]);
    expect(screen.queryByRole('button', { name: /Deshacer/ })).toBeNull();
  });

  test('the desk books a client found by name (or DNI), not by typing a code', async () => {
    const api = serveApi({
      'GET /v1/clases/sesiones/s1': () => ({ body: { session: aSession(), bookings: [] } }),
      'GET /v1/clases/buscar': ({ query }) => ({
        body: {
          clientes:
            query.get('q') === 'mate'
              ? [{ ...mateo, dni: '30123404' }]
              : query.get('q') === '30123401'
                ? [{ idUsuario: 'demo-001', nombre: 'Lucía Fernández', plan: 'BOXEO', dni: '30123401' }]
                : [],
        },
      }),
      'POST /v1/clases/sesiones/s1/reservas': () => ({
        status: 201,
        body: { id: 'b9', status: 'reservada', position: null, message: 'Listo: tenés tu lugar' },
      }),
    });
    render(<SessionPanel id="s1" />);
    const field = await screen.findByRole('combobox', { name: 'Cliente (nombre o DNI)' });
    expect(screen.queryByLabelText('Código del cliente')).toBeNull();
    const book = screen.getByRole('button', { name: 'Reservar lugar' });
    expect(book).toBeDisabled();

    await userEvent.type(field, 'mate');
    const option = await screen.findByRole('option', { name: 'Mateo Díaz · BOXEO · DNI 30123404' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(option);
    expect(field).toHaveValue('Mateo Díaz');
    expect(screen.getByRole('status')).toHaveTextContent('Elegiste a Mateo Díaz · BOXEO · DNI 30123404');
    await userEvent.click(book);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ idUsuario: 'demo-004' }]),
    );
    // Only once the typing rests is a search sent: one per word typed, not one per key.
    expect(api.calls.filter((c) => c.path === '/v1/clases/buscar').map((c) => c.query.get('q'))).toEqual(['mate']);

    // By DNI, with the keyboard: the first match is active, Enter picks it.
    const again = await screen.findByRole('combobox', { name: 'Cliente (nombre o DNI)' });
    await waitFor(() => expect(again).toHaveValue(''));
    await userEvent.type(again, '30123401');
    await screen.findByRole('option', { name: /Lucía Fernández/ });
    await userEvent.keyboard('{Enter}');
    expect(again).toHaveValue('Lucía Fernández');
    await userEvent.type(again, 'x');
    expect(screen.getByRole('button', { name: 'Reservar lugar' })).toBeDisabled();
  });
});

describe('/admin/clases: the day tabs', () => {
  test('a day with no class (Sunday) gets no tab; the others do', async () => {
    const days = Array.from({ length: 8 }, (_, i) => addDays(today, i));
    const sunday = days.find((d) => isoWeekday(d) === 7)!;
    serveApi({
      'GET /v1/clases/sesiones': () => ({
        body: {
          sesiones: days
            .filter((d) => d !== sunday)
            .map((d, i) => aSession({ id: `s${i}`, day: d, startsAt: `${d}T17:00:00.000Z` })),
        },
      }),
      'GET /v1/clases/ocupacion': () => ({ body: { ocupacion: [] } }),
      'GET /v1/clases/configuracion': () => ({
        body: { slots: [], rules: { daysAhead: 7, freeCancelHours: 2, weeklyLimit: 3 }, plans: [], trainers: [] },
      }),
    });
    render(
      <MemoryRouter>
        <ClassesPage />
      </MemoryRouter>,
    );
    const group = await screen.findByRole('group', { name: 'Día' });
    await waitFor(() => expect(within(group).getAllByRole('button')).toHaveLength(7));
    expect(within(group).queryByRole('button', { name: /^Dom / })).toBeNull();
    expect(within(group).getByRole('button', { name: sunday === today ? /^Lun / : 'Hoy' })).toBeInTheDocument();
  });
});
