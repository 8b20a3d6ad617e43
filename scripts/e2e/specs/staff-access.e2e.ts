import { E2E_SECRETS, useBrowser } from '../browser';

const s = useBrowser();

describe('staff access', () => {
  test('a staff member signs in from the shop and lands on /admin', async () => {
    const { page } = s;
    await page.goto('/ecommercehome');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Email').fill(E2E_SECRETS.ADMIN_EMAIL);
    await dialog.getByLabel('Password').fill(E2E_SECRETS.ADMIN_PASSWORD);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL('**/admin', { timeout: 10_000 });
    await page.getByRole('link', { name: /Gestión de Turnos/ }).waitFor();
    const cookies = await s.context.cookies();
    // The stack runs as production does: HTTPS and COOKIE_SECURE=true, so the cookie is __Host- and Secure.
    expect(cookies.find((c) => c.name === '__Host-sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
    });
  });

  test('a wrong password shows "Usuario o contraseña incorrectos" and stays in the shop', async () => {
    const { page } = s;
    await page.goto('/ecommercehome');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await dialog.getByLabel('Email').fill(E2E_SECRETS.ADMIN_EMAIL);
    await dialog.getByLabel('Password').fill('Incorrecta123');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Usuario o contraseña incorrectos').waitFor();
    expect(page.url()).not.toMatch(/\/admin$/);
  });

  test('a visitor sent to /admin is turned away to the login and never sees the panel', async () => {
    const { page } = s;
    await page.goto('/admin');
    await page.getByRole('dialog', { name: 'Login' }).waitFor();
    expect(await page.getByRole('link', { name: /Gestión de Turnos/ }).count()).toBe(0);
  });

  test('through nginx, staff endpoints answer 401 JSON to a visitor', async () => {
    const res = await s.page.request.get('/v1/users');
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ error: { message: 'Tenés que iniciar sesión para continuar' } });
  });

  test('the bundle carries no secret', async () => {
    const { page } = s;
    // every body is read before the test ends: a read still pending when the page closes rejects
    const reads: Promise<string>[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.js')) reads.push(res.text());
    });
    await page.goto('/ecommercehome');
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(reads);
    expect(scripts.length).toBeGreaterThan(0);
    for (const body of scripts) {
      expect(body).not.toContain(E2E_SECRETS.STAFF_CODE);
      expect(body).not.toContain(E2E_SECRETS.ADMIN_PASSWORD);
      expect(body).not.toContain('gym-dev-01');
      expect(body).not.toContain('Admin1234');
    }
  });
});
