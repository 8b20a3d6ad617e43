import { request as http, type Page } from 'playwright-core';
import { baseURL, E2E_SECRETS, useBrowser } from '../browser';
import { sawNotice, seriousViolations, sidewaysScroll, signInAsStaff, stamp } from './admin-session';

/** Issue 40, items 7, 11 and 15: the staff's navigation, the door's red card, booking by name. */
const s = useBrowser();
const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'Rol2026e2e';

/** A name no other run used, letters only (the client form's rule): "Hilda Kqwzrt". */
const uniqueName = (first: string) =>
  `${first} ${Array.from({ length: 6 }, (_, i) => String.fromCharCode((i === 0 ? 65 : 97) + Math.floor(Math.random() * 26))).join('')}`;

/** A boxing client; paid a month with an apto físico of today unless `paid` is false; with a DNI. */
async function client(page: Page, nombre: string, options: { paid?: boolean; dni?: string } = {}) {
  const id = `e2e-${stamp()}-${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post('/v1/agregarusuario', {
    data: { idUsuario: id, nombre, edad: 30, correo: `${id}@correo.com`, celular: 3815550000, plan: 1 },
  });
  expect(created.status()).toBe(201);
  if (options.paid !== false) {
    const paid = await page.request.post(`/v1/memberships/${id}/payments`, { data: { method: 'efectivo', months: 1 } });
    expect(paid.status()).toBe(201);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Tucuman' }).format(new Date());
    expect((await page.request.put(`/v1/memberships/${id}/apto`, { data: { fecha: today } })).status()).toBe(200);
  }
  if (options.dni) {
    const res = await page.request.put(`/v1/clases/clientes/${id}/dni`, { data: { dni: options.dni } });
    expect(res.status()).toBe(200);
  }
  return id;
}

/** A reception account (registered with the staff code), signed in on `page`. */
async function signInAsReception(page: Page) {
  const email = `recepcion-${stamp()}-${Math.random().toString(36).slice(2, 6)}@e2e.test`;
  const api = await http.newContext({ baseURL: baseURL(), ignoreHTTPSErrors: true });
  const made = await api.post('/v1/users', {
    data: { name: 'Prueba', lastname: 'Mesa', email, password: PASSWORD, code: E2E_SECRETS.STAFF_CODE },
  });
  expect(made.status()).toBe(201);
  await api.dispose();
  const res = await page.request.post('/v1/user/login', { data: { email, password: PASSWORD } });
  expect(res.status()).toBe(200);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Administración' });

describe('the staff navigation', () => {
  test('the owner’s bar is one line at 1366 px, with Caja and Reportes under Más', async () => {
    const { page, errors } = s;
    await page.setViewportSize(LAPTOP);
    await signInAsStaff(page);
    await page.goto('/admin');
    await nav(page).getByRole('link', { name: 'Tabla admin' }).waitFor();
    const layout = await page.evaluate(() => {
      const bar = document.querySelector<HTMLElement>('nav[aria-label="Administración"]')!;
      const entries = [...bar.querySelectorAll<HTMLElement>('.navbar-nav > .nav-item')];
      const centre = (el: Element) => el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2;
      const rest = [...bar.querySelectorAll('.navbar-brand, .navbar-text, .navbar-collapse > button')].map(centre);
      const centres = [...entries.map(centre), ...rest];
      return {
        entries: entries.map((el) => el.textContent),
        offsetTops: new Set(entries.map((el) => el.offsetTop)).size,
        spread: Math.max(...centres) - Math.min(...centres),
        height: bar.getBoundingClientRect().height,
        brand: bar.querySelector('.navbar-brand')!.getBoundingClientRect().height,
      };
    });
    // Every entry (Más the last) on one row, beside the brand, the e-mail and Cerrar sesión; one line high.
    expect(layout.entries).toEqual([
      'Administrador',
      'Planes',
      'Usuarios',
      'Membresías',
      'Ingreso',
      'Clases',
      'Chat',
      'Productos',
      'Pedidos',
      'Tabla admin',
      'MásCajaReportesFacturasPreciosBajas pedidasAuditoríaMi cuenta',
    ]);
    expect(layout.offsetTops).toBe(1);
    expect(layout.spread).toBeLessThanOrEqual(4);
    expect(layout.height).toBeLessThan(layout.brand * 2);
    await nav(page).getByRole('button', { name: 'Más' }).click();
    await nav(page).getByRole('link', { name: 'Caja' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await nav(page).getByRole('link', { name: 'Reportes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reportes' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('on a 390 px phone the menu folds, opens, and Más reaches Caja', async () => {
    const { page, errors } = s;
    await page.setViewportSize(PHONE);
    await signInAsStaff(page);
    await page.goto('/admin');
    const toggler = nav(page).getByRole('button', { name: 'Abrir el menú' });
    await toggler.waitFor();
    expect(await nav(page).getByRole('link', { name: 'Planes' }).isVisible()).toBe(false);
    await toggler.click();
    await nav(page).getByRole('button', { name: 'Más' }).click();
    await nav(page).getByRole('link', { name: 'Reportes' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await nav(page).getByRole('link', { name: 'Caja' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cierre de caja' }).waitFor();
    // The menu folds again once a screen is chosen.
    expect(await nav(page).getByRole('link', { name: 'Planes' }).isVisible()).toBe(false);
    expect(errors).toEqual([]);
  });

  test('the desk’s panel has cards for Ingreso, Clases and Membresías, at 1366 and 390 px', async () => {
    const { page, errors } = s;
    await signInAsReception(page);
    for (const size of [LAPTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/admin');
      const main = page.getByRole('main');
      for (const title of ['Ingreso', 'Clases', 'Membresías'])
        await main
          .locator('a.admin-card')
          .filter({ has: page.getByRole('heading', { name: title }) })
          .waitFor();
      expect(await sidewaysScroll(page)).toBe(0);
    }
    await page
      .getByRole('main')
      .locator('a.admin-card')
      .filter({ has: page.getByRole('heading', { name: 'Ingreso' }) })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Ingreso' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('the door’s red card', () => {
  test('"No puede pasar" leads to the client’s page and to their payment form', async () => {
    const { page, errors } = s;
    await signInAsStaff(page);
    const dni = String(42_000_000 + Number(stamp()));
    const id = await client(page, uniqueName('Ramiro'), { paid: false, dni });
    await page.setViewportSize(PHONE);
    await page.goto('/admin/ingreso');
    const field = page.getByLabel('DNI, nombre o código');
    const card = page.getByTestId('checkin-result');
    await field.fill(dni);
    await field.press('Enter');
    await card.getByText('No puede pasar').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('link', { name: 'Ver ficha' }).click();
    await page.waitForURL(`**/clientes/ver/${id}`);

    await page.goto('/admin/ingreso');
    await field.fill(dni);
    await field.press('Enter');
    await card.getByRole('link', { name: 'Registrar pago' }).click();
    await page.waitForURL(`**/editarusuario/${id}#registrar-pago`);
    const heading = page.getByRole('heading', { level: 3, name: 'Registrar pago' });
    await heading.waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'registrar-pago');
    // In view once the page has settled (what loads around it may move it for a moment).
    await page.waitForFunction(() => {
      const top = document.getElementById('registrar-pago')!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight;
    });
    await page.getByRole('form', { name: 'Registrar pago' }).getByLabel('Meses').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the door’s amber card (issue 41, item 5)', () => {
  test('the same member again within two hours: "Ingreso repetido", "Ya ingresó hoy a las HH:MM"', async () => {
    const { page, errors } = s;
    await signInAsStaff(page);
    const dni = String(43_000_000 + Number(stamp()));
    const nombre = uniqueName('Amparo');
    await client(page, nombre, { dni });
    await page.setViewportSize(PHONE);
    await page.goto('/admin/ingreso');
    const field = page.getByLabel('DNI, nombre o código');
    const card = page.getByTestId('checkin-result');
    await field.fill(dni);
    await field.press('Enter');
    await card.getByText('Puede pasar').waitFor();
    const first = page.getByTestId('checkins-today').locator('li[data-state="green"]', { hasText: nombre });
    await first.waitFor();
    const time = (await first.locator('small.text-nowrap').textContent())!.slice(0, 5);

    await field.fill(dni);
    await field.press('Enter');
    await page.locator('[data-testid="checkin-result"][data-state="amber"]').waitFor();
    await card.getByText('Ingreso repetido').waitFor();
    expect(await card.getByText('Puede pasar').count()).toBe(0);
    expect(await page.getByTestId('checkin-reason').textContent()).toBe(`Ya ingresó hoy a las ${time}`);
    await page.getByTestId('checkins-today').locator('li[data-state="amber"]', { hasText: nombre }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('/admin/clases', () => {
  test.each([
    ['1366', LAPTOP],
    ['390', PHONE],
  ])('at %s px the desk books a client found by name; no tab for a day without classes', async (_, size) => {
    const { page, errors } = s;
    await signInAsStaff(page);
    const nombre = uniqueName('Hilda');
    await client(page, nombre);
    const { sesiones } = (await (await page.request.get('/v1/clases/sesiones?dias=8')).json()) as {
      sesiones: {
        id: string;
        day: string;
        starts: string;
        discipline: string;
        status: string;
        startsAt: string;
        booked: number;
        waiting: number;
      }[];
    };
    // One nobody booked: classes.e2e makes a class of one place and fills it, which would put this
    // client on its waiting list instead (same database in CI's half of the browser tests).
    const session = sesiones.find(
      (x) =>
        x.discipline === 'boxeo' &&
        x.status === 'programada' &&
        x.booked + x.waiting === 0 &&
        Date.parse(x.startsAt) > Date.now() + 26 * 3_600_000,
    )!;
    await page.setViewportSize(size);
    await page.goto('/admin/clases');
    const days = page.getByRole('group', { name: 'Día' });
    await days.getByRole('button').first().waitFor();
    const withClasses = new Set(sesiones.map((x) => x.day)).size;
    expect(await days.getByRole('button').count()).toBe(withClasses);
    if (!sesiones.some((x) => new Date(`${x.day}T12:00:00Z`).getUTCDay() === 0))
      expect(await days.getByRole('button', { name: /^Dom / }).count()).toBe(0);

    const weekday = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'][new Date(`${session.day}T12:00:00Z`).getUTCDay()];
    await days.getByRole('button', { name: `${weekday} ${session.day.slice(8)}/${session.day.slice(5, 7)}` }).click();
    await page
      .getByTestId('sessions')
      .getByRole('button', { name: new RegExp(`^${session.starts} Boxeo`) })
      .click();
    const panel = page.getByTestId('session-panel');
    const search = panel.getByRole('combobox', { name: 'Cliente (nombre o DNI)' });
    await search.fill(nombre.split(' ')[1]!);
    await panel.getByRole('option', { name: new RegExp(`^${nombre} · BOXEO`) }).waitFor();
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('option', { name: new RegExp(`^${nombre} · BOXEO`) }).click();
    await panel.getByRole('button', { name: 'Reservar lugar' }).click();
    await sawNotice(page, 'Listo: tenés tu lugar');
    await panel.getByRole('row', { name: new RegExp(`${nombre}.*Reservada`) }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(errors).toEqual([]);
  });
});
