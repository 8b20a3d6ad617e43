import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { specSlots, type PublicSlot } from '@gym/contracts/classes';
import { serveApi } from '@/test/api-server';
import BoxeoPage from '../pages/boxeo-page';
import LibrePage from '../pages/libre-page';
import YogaPage from '../pages/yoga-page';

const renderPage = (Page: ComponentType) =>
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );

/** The timetable as a person reads it: header row, then one row per shift. */
function timetable() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

const DAYS = ['Turno', 'Lunes–Martes', 'Miércoles–Jueves', 'Viernes–Sábado'];

/** The timetable as the API keeps it: the spec's, seeded as weekly slots. */
const SPEC_SLOTS: PublicSlot[] = specSlots().map(({ discipline, weekday, starts, ends }) => ({
  discipline,
  weekday,
  starts,
  ends,
}));
const serveTimetable = (horario = SPEC_SLOTS) => serveApi({ 'GET /v1/clases/horario': () => ({ body: { horario } }) });

describe('the class pages', () => {
  let api: ReturnType<typeof serveApi>;
  beforeEach(() => {
    api = serveTimetable();
  });
  /** The page asked for the stored timetable and shows it. */
  const fromData = () => waitFor(() => expect(api.calls.map((c) => c.path)).toEqual(['/v1/clases/horario']));

  test('boxing runs 14:00-16:00, 16:00-18:00 and 18:00-20:00 on every pair of days', async () => {
    renderPage(BoxeoPage);
    await fromData();
    expect(screen.getByRole('heading', { level: 1, name: 'Boxeo' })).toBeInTheDocument();
    expect(timetable()).toEqual([
      DAYS,
      ['Turno 1', '14:00-16:00', '14:00-16:00', '14:00-16:00'],
      ['Turno 2', '16:00-18:00', '16:00-18:00', '16:00-18:00'],
      ['Turno 3', '18:00-20:00', '18:00-20:00', '18:00-20:00'],
    ]);
    expect(document.title).toBe('Boxeo | GYM Tucumán');
  });

  test('yoga runs 09:00-11:00, 13:00-15:00 and 16:00-18:00', async () => {
    renderPage(YogaPage);
    await fromData();
    expect(timetable()).toEqual([
      DAYS,
      ['Mañana', '09:00-11:00', '09:00-11:00', '09:00-11:00'],
      ['Mediodía', '13:00-15:00', '13:00-15:00', '13:00-15:00'],
      ['Tarde', '16:00-18:00', '16:00-18:00', '16:00-18:00'],
    ]);
  });

  test('the timetable is what staff keep: a slot taken out shows as —, a new hour as a row', async () => {
    api = serveTimetable([
      ...SPEC_SLOTS.filter((x) => !(x.discipline === 'boxeo' && x.starts === '18:00' && x.weekday >= 5)),
      { discipline: 'boxeo', weekday: 6, starts: '10:00', ends: '12:00' },
    ]);
    renderPage(BoxeoPage);
    await waitFor(() =>
      expect(timetable()).toEqual([
        DAYS,
        ['Turno 1', '—', '—', '10:00-12:00'],
        ['Turno 2', '14:00-16:00', '14:00-16:00', '14:00-16:00'],
        ['Turno 3', '16:00-18:00', '16:00-18:00', '16:00-18:00'],
        ['Turno 4', '18:00-20:00', '18:00-20:00', '—'],
      ]),
    );
  });

  test('the free gym opens 08:00-22:00 Monday to Thursday and 10:00-21:00 Friday and Saturday', async () => {
    renderPage(LibrePage);
    await act(async () => undefined); // free use has no stored slots: nothing is asked for
    expect(api.calls).toEqual([]);
    expect(timetable()).toEqual([DAYS, ['Horario', '08:00-22:00', '08:00-22:00', '10:00-21:00']]);
  });

  test('the accordion opens and closes its two items, and the page ends with the three plans', async () => {
    renderPage(YogaPage);
    await fromData();
    const about = screen.getByRole('button', { name: '¿Qué es el yoga?' });
    const benefits = screen.getByRole('button', { name: 'Beneficios' });
    expect(about).toHaveAttribute('aria-expanded', 'true');
    expect(benefits).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Gana flexibilidad y movilidad articular.')).not.toBeVisible();

    await userEvent.click(benefits);
    expect(benefits).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(benefits.getAttribute('aria-controls')!)).toHaveClass('show');
    await userEvent.click(about);
    expect(about).toHaveAttribute('aria-expanded', 'false');

    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(
      expect.arrayContaining(['Plan Boxeo', 'Plan Yoga', 'Plan Gym']),
    );
    expect(screen.getByRole('link', { name: 'Ver Plan Boxeo' })).toHaveAttribute('href', '/boxeo');
    expect(screen.getByRole('region', { name: 'Galería de yoga' })).toHaveAttribute('aria-roledescription', 'carousel');
  });
});
