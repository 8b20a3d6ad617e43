import { readFile } from 'node:fs/promises';
import { request as http, type APIRequestContext, type Page } from 'playwright-core';
import { baseURL, E2E_SECRETS, useBrowser } from '../browser';
import { popup, popupGone, sawNotice, seriousViolations, sidewaysScroll, stamp } from './admin-session';

const s = useBrowser();
const PASSWORD = 'Rol2026e2e';

async function ownerApi(): Promise<APIRequestContext> {
  const api = await http.newContext({ baseURL: baseURL(), ignoreHTTPSErrors: true });
  const res = await api.post('/v1/user/login', {
    data: { email: E2E_SECRETS.ADMIN_EMAIL, password: E2E_SECRETS.ADMIN_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return api;
}

/** An account registered with the staff code (so `recepcion`), then given `role` by the owner. */
async function accountWithRole(role: 'recepcion' | 'entrenador') {
  const email = `${role}-${stamp()}@e2e.test`;
  const api = await ownerApi();
  const made = await api.post('/v1/users', {
    data: { name: 'Prueba', lastname: 'Rol', email, password: PASSWORD, code: E2E_SECRETS.STAFF_CODE },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { user: { _id: string; role: string } }).user;
  expect(id.role).toBe('recepcion');
  if (role !== 'recepcion') expect((await api.put(`/v1/users/${id._id}/role`, { data: { role } })).status()).toBe(200);
  await api.dispose();
  return email;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/ecommercehome');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  const login = page.getByRole('dialog', { name: 'Login' });
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Enviar' }).click();
  await page.waitForURL('**/admin', { timeout: 10_000 });
}

/** The bar's entries, then those under *Más* (the dropdown's, shown or not). */
const menu = async (page: Page) => {
  const nav = page.getByRole('navigation', { name: 'Administración' });
  await nav.getByRole('link', { name: 'Administrador' }).waitFor();
  return nav.locator('.navbar-nav > .nav-item > .nav-link, .dropdown-item').allTextContents();
};
const cards = async (page: Page) => {
  await page.getByRole('main').locator('.admin-card').first().waitFor();
  return page.getByRole('main').locator('.admin-card h2').allTextContents();
};

describe('roles through nginx', () => {
  test('the owner sees every screen, the audit trail included', async () => {
    const { page } = s;
    await logIn(page, E2E_SECRETS.ADMIN_EMAIL, E2E_SECRETS.ADMIN_PASSWORD);
    expect(await menu(page)).toEqual([
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
      'Más',
      'Caja',
      'Reportes',
      'Facturas',
      'Precios',
      'Bajas pedidas',
      'Auditoría',
      'Mi cuenta',
    ]);
    expect(await cards(page)).toEqual([
      'Clientes',
      'Gestión de Turnos',
      'Productos',
      'Planes',
      'Chat',
      'Pedidos',
      'Ingreso',
      'Clases',
      'Membresías',
      'Caja',
      'Reportes',
    ]);
    // The accountant's month, downloaded through nginx from the cash screen.
    await page.getByRole('link', { name: /^Caja/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Para el contador' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contable-\d{4}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(
      csv.startsWith(
        '\uFEFFFecha;Comprobante;Socio o comprador;Concepto;Medio de pago;Monto;Estado;Tipo;Punto de venta;Número;CAE\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain(';Total del mes;');
    // The numbers over time, from the seeded memberships: each chart drawn as it scrolls into view,
    // beside its table, and on a phone nothing pans sideways.
    await page.goto('/admin');
    await page.getByRole('link', { name: /^Reportes/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Reportes' }).waitFor();
    await page.getByRole('table', { name: 'Socios activos, altas y bajas' }).waitFor();
    for (const chart of ['ingresos por medio de pago', 'ingresos por plan', 'socios']) {
      const box = page.locator(`[data-chart="${chart}"]`);
      await box.scrollIntoViewIfNeeded();
      await box.locator('canvas').waitFor();
    }
    expect(await page.getByRole('table', { name: 'Ingresos por medio de pago' }).getByRole('row').count()).toBe(14);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.locator('[data-chart="ingresos por medio de pago"] canvas').waitFor();
    const canvas = await page.locator('[data-chart="ingresos por medio de pago"] canvas').boundingBox();
    expect(canvas!.width).toBeGreaterThan(250);
    expect(canvas!.x + canvas!.width).toBeLessThanOrEqual(360);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole('button', { name: 'Más' }).click();
    await page.getByRole('link', { name: 'Auditoría' }).click();
    await page.getByRole('heading', { level: 1, name: 'Auditoría' }).waitFor();
    expect(s.errors).toEqual([]);
  });

  test('reception keeps the spec staff screens and their buttons, and is refused the staff accounts', async () => {
    const { page } = s;
    await logIn(page, await accountWithRole('recepcion'), PASSWORD);
    expect(await menu(page)).toEqual([
      'Administrador',
      'Planes',
      'Usuarios',
      'Membresías',
      'Ingreso',
      'Clases',
      'Chat',
      'Productos',
      'Pedidos',
      'Más',
      'Caja',
      'Bajas pedidas',
      'Mi cuenta',
    ]);
    expect(await cards(page)).toEqual([
      'Clientes',
      'Gestión de Turnos',
      'Productos',
      'Planes',
      'Chat',
      'Pedidos',
      'Ingreso',
      'Clases',
      'Membresías',
      'Caja',
    ]);
    // The end of the shift: nothing taken yet, nothing counted, the drawer closes without a note.
    await page.getByRole('link', { name: /^Caja/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Cierre de caja' }).waitFor();
    await page
      .getByTestId('cash-expected')
      .getByText(/Efectivo esperado en la caja: \$\s0$/)
      .waitFor();
    await page.getByLabel('Efectivo contado ($)').fill('0');
    await page.getByTestId('cash-difference').getByText('Diferencia: sin diferencia').waitFor();
    await page.getByRole('button', { name: 'Cerrar caja' }).click();
    await popup(page, '¿Cerrar tu caja?').getByRole('button', { name: 'Cerrar caja' }).click();
    await sawNotice(page, 'Caja cerrada');
    await popupGone(page);
    await page.getByText(/^Esperado \$\s0, contado \$\s0: sin diferencia$/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // On the desk's phone too: nothing scrolls sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByTestId('cash-expected').waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/listadeusuarios');
    await page.getByRole('link', { name: 'Agregar usuario' }).waitFor();
    await page.goto('/admin/productos');
    await page.getByRole('button', { name: 'Add Products' }).waitFor();
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1, name: 'No tenés permiso' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Lista de administradores' }).count()).toBe(0);
  });

  test('a trainer reads clients and shifts, changes nothing, and a direct URL to products says "No tenés permiso"', async () => {
    const { page } = s;
    await logIn(page, await accountWithRole('entrenador'), PASSWORD);
    expect(await menu(page)).toEqual(['Administrador', 'Planes', 'Usuarios', 'Clases', 'Chat', 'Mi cuenta']);
    expect(await cards(page)).toEqual(['Clientes', 'Gestión de Turnos', 'Planes', 'Chat', 'Clases']);
    await page.goto('/listadeusuarios');
    await page.getByRole('heading', { name: 'Lista de usuarios' }).waitFor();
    await page
      .getByRole('link', { name: /^Mensaje/ })
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'Agregar usuario' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Editar/ }).count()).toBe(0);
    await page.goto('/admin/productos');
    await page.getByRole('heading', { level: 1, name: 'No tenés permiso' }).waitFor();
    await page.getByText('Tu rol no permite ver esta pantalla').waitFor();
    const refused = await page.request.post('/v1/products', { data: {} });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: { message: 'No tenés permiso para hacer esto con tu rol.' } });
    // The coach sees the classes and their lists, but the door is the desk's.
    await page.goto('/admin/ingreso');
    await page.getByRole('heading', { level: 1, name: 'No tenés permiso' }).waitFor();
    await page.goto('/admin/clases');
    await page.getByRole('heading', { level: 1, name: 'Clases' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Reglas de reserva' }).count()).toBe(0);
  });

  test('the owner resets a password on Tabla admin; the temporary one must be changed at the next login', async () => {
    const { page } = s;
    const email = await accountWithRole('recepcion');
    await logIn(page, E2E_SECRETS.ADMIN_EMAIL, E2E_SECRETS.ADMIN_PASSWORD);
    await page.goto('/admin/users');
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: /^Restablecer contraseña/ }).click();
    await popup(page, `¿Restablecer la contraseña de ${email}?`)
      .getByRole('button', { name: 'Sí, restablecer' })
      .click();
    const temporary = (await page.getByRole('status', { name: 'Contraseña temporal' }).textContent()) ?? '';
    expect(temporary).toMatch(/^\S{12,16}$/);
    await page.getByRole('button', { name: 'Listo, ya la pasé' }).click();
    await s.context.clearCookies();

    await logIn(page, email, temporary);
    await page.getByRole('heading', { level: 1, name: 'Cambiá tu contraseña' }).waitFor();
    await page.getByLabel('Contraseña actual').fill(temporary);
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('Nueva2026e2e');
    await page.getByLabel('Repetí la contraseña nueva').fill('Nueva2026e2e');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await sawNotice(page, 'Listo');
    await page.getByRole('heading', { level: 1, name: 'Panel de administración' }).waitFor();
  });
});
