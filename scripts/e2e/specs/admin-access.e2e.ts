import { E2E_SECRETS, useBrowser } from '../browser';
import { seriousViolations, signInAsStaff } from './admin-session';

const s = useBrowser();

describe('the staff side', () => {
  test('a visitor sent to a staff screen gets the login, and after it lands back on that screen', async () => {
    const { page } = s;
    await page.goto('/listadeusuarios');
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.waitFor();
    expect(await page.getByRole('heading', { name: 'Lista de usuarios' }).count()).toBe(0);
    await login.getByLabel('Email').fill(E2E_SECRETS.ADMIN_EMAIL);
    await login.getByLabel('Password').fill(E2E_SECRETS.ADMIN_PASSWORD);
    await login.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL('**/listadeusuarios', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'Lista de usuarios' }).waitFor();
  });

  test('the login from the shop lands on /admin, whose cards and navigation reach every screen', async () => {
    const { page } = s;
    await page.goto('/ecommercehome');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Email').fill(E2E_SECRETS.ADMIN_EMAIL);
    await login.getByLabel('Password').fill(E2E_SECRETS.ADMIN_PASSWORD);
    await login.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL('**/admin', { timeout: 10_000 });

    const screens: [string, RegExp, string][] = [
      ['Clientes', /\/clientes$/, 'Lista de usuarios'],
      ['Gestión de Turnos', /\/turnos$/, 'Turnos'],
      ['Productos', /\/admin\/productos$/, 'Productos'],
      ['Planes', /\/planes$/, 'Planes'],
      ['Chat', /\/chat$/, 'Enviar mensaje a un usuario'],
    ];
    for (const [card, url, heading] of screens) {
      await page.goto('/admin');
      await page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`^${card}`) })
        .click();
      await page.waitForURL(url);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    }
    const nav = page.getByRole('navigation', { name: 'Administración' });
    await nav.getByRole('link', { name: 'Tabla admin' }).click();
    await page.getByRole('heading', { name: 'Lista de administradores' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: E2E_SECRETS.ADMIN_EMAIL });
    await row.waitFor();
    expect(await row.textContent()).toContain('••••••••');
    expect(await row.textContent()).not.toContain(E2E_SECRETS.ADMIN_PASSWORD);
    expect(s.errors).toEqual([]);
  });

  test('the panel and the staff lists pass axe (WCAG 2.1 AA, nothing serious or critical)', async () => {
    const { page } = s;
    await signInAsStaff(page);
    const screens: [string, string][] = [
      ['/admin', 'Panel de administración'],
      ['/listadeusuarios', 'Lista de usuarios'],
      ['/admin/productos', 'Productos'],
      ['/turnos', 'Turnos'],
      ['/planes', 'Planes'],
      ['/chat', 'Enviar mensaje a un usuario'],
      ['/admin/users', 'Lista de administradores'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForFunction(() => !document.querySelector('.spinner-border'));
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
  });
});
