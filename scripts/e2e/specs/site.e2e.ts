import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { seriousViolations } from './admin-session';

const s = useBrowser();

/** The timetable as a person reads it: one array of cell texts per row. */
function timetable(page: Page) {
  return page
    .getByRole('table')
    .locator('tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent)));
}

const DAYS = ['Turno', 'Lunes–Martes', 'Miércoles–Jueves', 'Viernes–Sábado'];

describe('a visitor on the gym pages', () => {
  test('the home page shows the weather in Tucumán after a moment, and the four trainers', async () => {
    const { page } = s;
    const weatherAnswer = page.waitForResponse((res) => res.url().includes('/v1/weather?city=tucuman'));
    await page.goto('/');
    await page.waitForFunction(() => document.title === 'Inicio | GYM Tucumán');
    expect((await weatherAnswer).status()).toBe(200);

    const weather = page.getByRole('region', { name: 'El clima hoy' });
    await weather.getByText('San Miguel de Tucumán, Argentina').waitFor({ timeout: 5000 });
    expect(await weather.getByText('28 °C').isVisible()).toBe(true);
    const icon = weather.getByRole('img', { name: 'Soleado' });
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, await icon.elementHandle());
    expect(await icon.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    const trainers = page.getByRole('region', { name: 'Nuestros entrenadores' }).getByRole('listitem');
    expect(await trainers.locator('.person-card__role').allTextContents()).toEqual([
      'Entrenamiento de fuerza',
      'Running',
      'Entrenamiento funcional',
      'Cardio',
    ]);
    expect(await trainers.getByRole('img').count()).toBe(4);
    expect(s.errors).toEqual([]);
  });

  test('the carousel moves on by itself, and stays put once paused', async () => {
    const { page } = s;
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Nuestras clases' });
    const current = () => carousel.locator('[aria-roledescription="slide"]:visible').getAttribute('aria-label');
    expect(await current()).toBe('1 de 3');
    await page.waitForFunction(
      () =>
        document.querySelector('[aria-roledescription="slide"]:not([hidden])')?.getAttribute('aria-label') === '2 de 3',
      null,
      { timeout: 7000 },
    );
    await carousel.getByRole('button', { name: 'Pausar el carrusel' }).click();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(5500);
    expect(await current()).toBe('2 de 3');
  });

  test('the boxing page lists its three shifts on every pair of days', async () => {
    const { page } = s;
    await page.goto('/boxeo');
    await page.getByRole('heading', { level: 1, name: 'Boxeo' }).waitFor();
    await page.waitForFunction(() => document.title === 'Boxeo | GYM Tucumán');
    expect(await timetable(page)).toEqual([
      DAYS,
      ['Turno 1', '14:00-16:00', '14:00-16:00', '14:00-16:00'],
      ['Turno 2', '16:00-18:00', '16:00-18:00', '16:00-18:00'],
      ['Turno 3', '18:00-20:00', '18:00-20:00', '18:00-20:00'],
    ]);
    await page.getByRole('button', { name: 'Beneficios' }).click();
    expect(await page.getByText('Descarga el estrés de la semana.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 3, name: /^Plan / }).allTextContents()).toEqual([
      'Plan Boxeo',
      'Plan Yoga',
      'Plan Gym',
    ]);
    expect(s.errors).toEqual([]);
  });

  test('the yoga and free-gym pages keep their own hours', async () => {
    const { page } = s;
    await page.goto('/yoga');
    await page.getByRole('heading', { level: 1, name: 'Yoga' }).waitFor();
    expect((await timetable(page)).slice(1).map((row) => row[1])).toEqual([
      '09:00-11:00',
      '13:00-15:00',
      '16:00-18:00',
    ]);
    await page.getByRole('link', { name: 'Libre', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Musculación libre' }).waitFor();
    expect(await timetable(page)).toEqual([DAYS, ['Horario', '08:00-22:00', '08:00-22:00', '10:00-21:00']]);
  });

  test('"Quiénes somos" shows five people and the FAQ the free trial class and the aerobic machines', async () => {
    const { page } = s;
    await page.goto('/acercade');
    const team = page.getByRole('region', { name: 'Nuestro equipo' }).getByRole('listitem');
    await team.first().waitFor();
    expect(await team.count()).toBe(5);
    await page.getByRole('link', { name: 'Preguntas frecuentes' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' }).waitFor();
    expect(await page.getByText(/clase de prueba gratuita/).isVisible()).toBe(true);
    expect(await page.getByText(/remos, bicicletas y cintas/).isVisible()).toBe(true);
    expect(s.errors).toEqual([]);
  });

  test.each(['/error', '/esta-pagina-no-existe'])('%s shows the 404 page with a way back home', async (path) => {
    const { page } = s;
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Página no encontrada' }).waitFor();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test.each(['/', '/boxeo', '/acercade', '/preguntasfrecuentes'])(
    '%s has no serious or critical WCAG 2.1 AA violation',
    async (path) => {
      const { page } = s;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached' });
      if (path === '/') await page.getByText('San Miguel de Tucumán, Argentina').waitFor({ timeout: 5000 });
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
