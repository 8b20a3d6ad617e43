import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classMessages as m, classSetupMessages as cs, type ClassSetup } from '@gym/contracts/classes';
import { serveApi } from '@/test/api-server';
import { expectNotice, renderNotices } from '@/test/notices';
import { ClassSettings } from '../components/class-settings';
import { SuspendDayForm } from '../components/suspend-day-form';

// The live region the app mounts once (app/router.tsx): where a saved form says so.
beforeEach(renderNotices);

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

/** The row a control sits in, and its own "Guardar". */
const saveOfRow = (control: HTMLElement) => within(control.closest('tr')!).getByRole('button', { name: 'Guardar' });

const writes = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path, c.body]);

describe('the classes forms: an emptied number is refused under its field, never sent as 0 (issue 43)', () => {
  test('the booking rules: an empty weekly limit is told inline; the fixed one goes as typed', async () => {
    const api = serveApi({ 'PUT /v1/clases/reglas': () => ({ body: setup }) });
    render(<ClassSettings setup={setup} />);
    const limit = screen.getByLabelText('Clases por semana (si el plan no dice)');
    await userEvent.clear(limit);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByText(cs.weeklyLimit)).toBeVisible();
    expect(limit).toHaveAccessibleDescription(cs.weeklyLimit);
    expect(limit).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(api.calls)).toEqual([]);

    await userEvent.type(limit, '4');
    await userEvent.clear(screen.getByLabelText('Las reservas abren (días antes)'));
    await userEvent.type(screen.getByLabelText('Las reservas abren (días antes)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    await expectNotice('Reglas guardadas');
    expect(limit).not.toHaveAttribute('aria-invalid');
    expect(writes(api.calls)).toEqual([
      ['PUT', '/v1/clases/reglas', { daysAhead: 10, freeCancelHours: 2, weeklyLimit: 4 }],
    ]);
  });

  test('the rules: a refusal with a field is shown under that field and in the popup', async () => {
    serveApi({
      'PUT /v1/clases/reglas': () => ({
        status: 400,
        body: { error: { message: cs.freeCancelHours, fields: { freeCancelHours: cs.freeCancelHours } } },
      }),
    });
    render(<ClassSettings setup={setup} />);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar reglas' }));
    expect(await screen.findByRole('dialog', { name: 'No se pudieron guardar las reglas' })).toHaveTextContent(
      cs.freeCancelHours,
    );
    expect(screen.getByLabelText('Cancelación sin costo (horas antes)')).toHaveAccessibleDescription(
      cs.freeCancelHours,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
  });

  test('a new slot: an empty Cupo is told inline and nothing goes; then the exact body, and the form empties', async () => {
    const api = serveApi({ 'POST /v1/clases/horarios': () => ({ body: setup }) });
    render(<ClassSettings setup={setup} />);
    const form = screen.getByRole('form', { name: 'Agregar horario' });
    await userEvent.selectOptions(within(form).getByLabelText('Clase'), 'Yoga');
    await userEvent.selectOptions(within(form).getByLabelText('Día'), 'Sábado');
    await userEvent.type(within(form).getByLabelText('Empieza'), '10:00');
    await userEvent.type(within(form).getByLabelText('Termina'), '12:00');
    await userEvent.type(within(form).getByLabelText('Sala'), 'Ring');
    const capacity = within(form).getByLabelText('Cupo');
    await userEvent.clear(capacity);
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar horario' }));
    expect(await within(form).findByText(cs.capacity)).toBeVisible();
    expect(capacity).toHaveAccessibleDescription(cs.capacity);
    expect(writes(api.calls)).toEqual([]);

    await userEvent.type(capacity, '12');
    await userEvent.selectOptions(within(form).getByLabelText('Entrenador'), 'Diego Sosa');
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar horario' }));
    await expectNotice('Horario agregado');
    expect(writes(api.calls)).toEqual([
      [
        'POST',
        '/v1/clases/horarios',
        { discipline: 'yoga', weekday: 6, starts: '10:00', ends: '12:00', room: 'Ring', capacity: 12, trainerId: 3 },
      ],
    ]);
    expect(within(form).getByLabelText('Sala')).toHaveValue('');
    expect(capacity).toHaveValue(20);
  });

  test('a new slot with no trainer sends trainerId null, as before', async () => {
    const api = serveApi({ 'POST /v1/clases/horarios': () => ({ body: setup }) });
    render(<ClassSettings setup={setup} />);
    const form = screen.getByRole('form', { name: 'Agregar horario' });
    await userEvent.type(within(form).getByLabelText('Empieza'), '20:00');
    await userEvent.type(within(form).getByLabelText('Termina'), '21:00');
    await userEvent.type(within(form).getByLabelText('Sala'), 'Salón de boxeo');
    await userEvent.click(within(form).getByRole('button', { name: 'Agregar horario' }));
    await expectNotice('Horario agregado');
    expect(writes(api.calls)).toEqual([
      [
        'POST',
        '/v1/clases/horarios',
        {
          discipline: 'boxeo',
          weekday: 1,
          starts: '20:00',
          ends: '21:00',
          room: 'Salón de boxeo',
          capacity: 20,
          trainerId: null,
        },
      ],
    ]);
  });

  test('a slot’s row: an emptied Cupo is told inline and nothing goes; then room, places, trainer and active as typed', async () => {
    const api = serveApi({ 'PUT /v1/clases/horarios/1': () => ({ body: setup }) });
    render(<ClassSettings setup={setup} />);
    await userEvent.click(screen.getByText('Boxeo', { selector: 'summary' }));
    const capacity = screen.getByLabelText('Cupo de Boxeo Lunes 14:00');
    await userEvent.clear(capacity);
    await userEvent.click(saveOfRow(capacity));
    expect(await screen.findByText(cs.capacity)).toBeVisible();
    expect(capacity).toHaveAccessibleDescription(cs.capacity);
    expect(writes(api.calls)).toEqual([]);

    // In one change, as in classes-pages: typed key by key under load, a re-render kept only the "2".
    fireEvent.change(capacity, { target: { value: '25' } });
    expect(capacity).toHaveValue(25);
    await userEvent.selectOptions(screen.getByLabelText('Entrenador de Boxeo Lunes 14:00'), 'Sin asignar');
    await userEvent.click(screen.getByLabelText('Boxeo Lunes 14:00 activo'));
    await userEvent.click(saveOfRow(capacity));
    await expectNotice('Horario guardado');
    expect(writes(api.calls)).toEqual([
      ['PUT', '/v1/clases/horarios/1', { room: 'Salón de boxeo', capacity: 25, trainerId: null, active: false }],
    ]);
  });

  test('a plan’s row: 0 classes a week is told inline and nothing goes; empty means the rule (null)', async () => {
    const api = serveApi({ 'PUT /v1/clases/planes/1': () => ({ body: setup }) });
    render(<ClassSettings setup={setup} />);
    const limit = screen.getByLabelText('Clases por semana de BOXEO');
    await userEvent.type(limit, '0');
    await userEvent.click(saveOfRow(limit));
    expect(await screen.findByText(cs.weeklyLimit)).toBeVisible();
    expect(limit).toHaveAccessibleDescription(cs.weeklyLimit);
    expect(writes(api.calls)).toEqual([]);

    await userEvent.clear(limit);
    await userEvent.click(within(limit.closest('tr')!).getByLabelText('Yoga'));
    await userEvent.click(saveOfRow(limit));
    await expectNotice('Clases del plan guardadas');
    expect(writes(api.calls)).toEqual([
      ['PUT', '/v1/clases/planes/1', { disciplines: ['boxeo', 'yoga'], weeklyLimit: null }],
    ]);
  });

  test('a plan’s row: its own weekly limit goes as a number, with the classes ticked', async () => {
    const api = serveApi({ 'PUT /v1/clases/planes/1': () => ({ body: setup }) });
    render(<ClassSettings setup={setup} />);
    const limit = screen.getByLabelText('Clases por semana de BOXEO');
    await userEvent.type(limit, '2');
    await userEvent.click(within(limit.closest('tr')!).getByLabelText('Yoga'));
    await userEvent.click(within(limit.closest('tr')!).getByLabelText('Boxeo'));
    await userEvent.click(saveOfRow(limit));
    await expectNotice('Clases del plan guardadas');
    expect(writes(api.calls)).toEqual([['PUT', '/v1/clases/planes/1', { disciplines: ['yoga'], weeklyLimit: 2 }]]);
  });

  test('a holiday with no reason: told under the field, no question asked, nothing sent', async () => {
    const api = serveApi({
      'POST /v1/clases/dias/2026-12-08/suspender': () => ({ body: { message: 'Se suspendió 1 clase.' } }),
    });
    render(<SuspendDayForm day="2026-12-08" />);
    const reason = screen.getByLabelText('Motivo para suspender todas las clases del día');
    await userEvent.type(reason, '  ');
    await userEvent.click(screen.getByRole('button', { name: 'Suspender todas las clases del día' }));
    expect(await screen.findByText(m.reasonRequired)).toBeVisible();
    expect(reason).toHaveAccessibleDescription(m.reasonRequired);
    expect(screen.queryByRole('dialog', { name: '¿Suspender todas las clases del 08/12/2026?' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

describe("a session's suspend form (Formik, the shared schema)", () => {
  test('no reason: said under the field, nothing sent; a reason: sent trimmed, and the field empties', async () => {
    const { SuspendSessionForm } = await import('../components/suspend-session-form');
    const onSuspend = jest.fn(() => Promise.resolve(true));
    render(<SuspendSessionForm onSuspend={onSuspend} />);
    const reason = screen.getByLabelText('Motivo de la suspensión');
    await userEvent.click(screen.getByRole('button', { name: 'Suspender la clase' }));
    expect(await screen.findByText(m.reasonRequired)).toBeVisible();
    expect(reason).toHaveAccessibleDescription(m.reasonRequired);
    expect(onSuspend).not.toHaveBeenCalled();

    await userEvent.type(reason, '  Corte de luz ');
    await userEvent.click(screen.getByRole('button', { name: 'Suspender la clase' }));
    await waitFor(() => expect(onSuspend).toHaveBeenCalledWith('Corte de luz'));
    await waitFor(() => expect(reason).toHaveValue(''));
  });
});
