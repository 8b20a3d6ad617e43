import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { baseURL, useBrowser } from '../browser';
import { sawNotice, seriousViolations, sidewaysScroll, signInAsStaff, stamp } from './admin-session';
import { portalLinkMailedTo } from './mailbox';

const s = useBrowser();
const PHONE = { width: 390, height: 844 };

/** What the door's reader sees: a screenshot of the portal's QR, decoded. */
async function qrOnScreen(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId('door-qr').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Every URL the page's origin keeps in its caches, as paths. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

describe('the members’ portal as an app on a 390 px phone', () => {
  test('it installs, shows the door QR, opens offline with the last state, and forgets it on Salir', async () => {
    const { page, context } = s;
    await signInAsStaff(page);
    await page.goto('/editarusuario/demo-009');
    await page.getByRole('button', { name: 'Enviar acceso por e-mail' }).click();
    await sawNotice(page, 'Le enviamos el enlace de acceso por e-mail');
    const link = await portalLinkMailedTo('martina.lopez@correo.com');

    await context.clearCookies();
    await page.setViewportSize(PHONE);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Hola, Martina López' }).waitFor();

    // Installable: the portal's manifest, with its icons at their sizes.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/socio-app/manifest.json');
    const manifest = await (await page.request.get(manifestHref!)).json();
    expect(manifest).toMatchObject({ start_url: '/socio', scope: '/socio', display: 'standalone', lang: 'es-AR' });
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const res = await page.request.get(icon.src);
      expect(res.headers()['content-type']).toBe('image/png');
      const png = PNG.sync.read(await res.body());
      expect(`${png.width}x${png.height}`).toBe(icon.sizes);
    }

    // nginx has every phone check the worker and the manifest again, so a new build reaches them.
    for (const file of ['/socio-sw.js', manifestHref!]) {
      expect((await page.request.get(file)).headers()['cache-control']).toBe('no-cache');
    }

    // The door QR: what a reader makes of the screen is this member's signed pass.
    await page.getByText('Mostralo en la puerta. Cambia cada 5 minutos').waitFor();
    const token = await qrOnScreen(page);
    expect(token).toMatch(/^GYM1\.demo-009\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);

    // The service worker runs and has kept the shell and this member's state.
    await page.waitForFunction(async () => {
      const kept = (path: string) => caches.match(path);
      return Boolean((await kept('/socio')) && (await kept('/v1/socio/yo')) && (await kept('/v1/socio/qr')));
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/socio-sw.js'));

    // Offline: the portal opens with what was kept, says so, and the QR is the last pass.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Hola, Martina López' }).waitFor();
    await page.getByTestId('member-offline').getByText('Sin conexión: lo que ves es lo que guardamos el').waitFor();
    await page.getByTestId('door-qr-offline').getByText('es el último código que guardamos y vale hasta el').waitFor();
    expect(await qrOnScreen(page)).toBe(token);

    // Nothing but the portal's shell and this member's two answers is kept; staff screens are not served.
    const shell = (p: string) =>
      p === '/socio' ||
      p === '/favicon.svg' ||
      /^\/(assets|img)\//.test(p) ||
      /^\/socio-app\/[\w-]+\.(png|json)$/.test(p);
    expect((await cachedPaths(page)).filter((p) => !shell(p)).sort()).toEqual(['/v1/socio/qr', '/v1/socio/yo']);
    await expect(page.goto('/admin/productos')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

    // Back online, Salir: the copy of the member's state goes with the session.
    await context.setOffline(false);
    await page.goto('/socio');
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.getByText('Cerraste la sesión').waitFor();
    await page.waitForFunction(
      async () => !(await caches.match('/v1/socio/yo')) && !(await caches.match('/v1/socio/qr')),
    );
    expect((await cachedPaths(page)).filter((p) => p.startsWith('/v1/'))).toEqual([]);
    // The 401 is the staff page's, its cookie cleared to hand the phone to the member; the rest, the offline minute.
    expect(s.errors.filter((e) => !/401|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
  });
});

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('a member on an iPhone renews online (issue 40)', () => {
  test('the home-screen hint, the receipt picker in Spanish, and Mercado Pago: "Pago aprobado" at the top on return', async () => {
    const { page, context } = s;
    await signInAsStaff(page);
    const id = `ios-${stamp()}`;
    const correo = `${id}@correo.com`;
    const created = await page.request.post('/v1/agregarusuario', {
      data: { idUsuario: id, nombre: 'Abril Sosa', edad: 27, correo, celular: 3815550102, plan: 1 },
    });
    expect(created.status()).toBe(201);
    expect((await page.request.post(`/v1/clients/${id}/member-access`, { data: { channel: 'email' } })).status()).toBe(
      200,
    );
    const link = await portalLinkMailedTo(correo);

    // Safari on an iPhone: no install prompt, so the portal says where "Agregar a inicio" is.
    const iphone = await context.browser()!.newContext({
      baseURL: baseURL(),
      locale: 'es-AR',
      ignoreHTTPSErrors: true,
      viewport: PHONE,
      userAgent: IPHONE_SAFARI,
    });
    const phone = await iphone.newPage();
    const errors: string[] = [];
    phone.on('pageerror', (err) => errors.push(err.message));
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Hola, Abril Sosa' }).waitFor();
    const hint = phone.getByRole('complementary', { name: 'Agregar a la pantalla de inicio' });
    await hint
      .getByText('en Safari tocá Compartir (el cuadrado con la flecha hacia arriba)', { exact: false })
      .waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    await hint.getByRole('button', { name: 'Entendido' }).click();
    await hint.waitFor({ state: 'detached' });

    // The receipt's picker speaks Spanish; the browser's own English input is out of sight.
    const picker = phone.getByLabel('Comprobante');
    const chosen = phone.getByTestId('file-chosen');
    await phone.getByText('Elegir archivo', { exact: true }).waitFor();
    expect(await chosen.textContent()).toBe('Ningún archivo elegido');
    expect((await picker.boundingBox())!.width).toBeLessThanOrEqual(1);
    await picker.setInputFiles({
      name: 'transferencia.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    expect(await chosen.textContent()).toBe('transferencia.pdf');

    // Two months with Mercado Pago, approved on the provider's page.
    const card = phone.getByRole('region', { name: 'Pagá tu cuota online' });
    await card.getByLabel('Meses').selectOption('2');
    await card.getByRole('button', { name: /^Pagar con Mercado Pago \$/ }).click();
    await phone.getByRole('heading', { name: 'Pagá con Mercado Pago (simulado)' }).waitFor();
    await phone.getByRole('button', { name: 'Aprobar el pago' }).click();
    await phone.waitForURL(/\/socio\?pago=mercadopago/);

    // Back in the portal, the outcome is on the first screen, under the greeting; the hint stays closed.
    const notice = phone.getByTestId('mp-renewal');
    await notice.getByText(/^Pago aprobado: .* por 2 meses\. Ya está en tus pagos, con su recibo\.$/).waitFor();
    const top = (await notice.boundingBox())!;
    expect(await phone.evaluate(() => window.scrollY)).toBe(0);
    expect(top.y + top.height).toBeLessThanOrEqual(PHONE.height / 2);
    expect(top.y).toBeLessThan((await phone.getByRole('heading', { name: 'Tu plan' }).boundingBox())!.y);
    expect(await hint.count()).toBe(0);
    await phone.getByText(/^Mercado Pago · /).waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    expect(await seriousViolations(phone)).toEqual([]);

    // On a 1366 px screen too, the outcome is the first thing under the greeting.
    await phone.setViewportSize({ width: 1366, height: 900 });
    const wide = (await notice.boundingBox())!;
    expect(wide.y + wide.height).toBeLessThanOrEqual(450);
    expect(wide.y).toBeLessThan((await phone.getByRole('heading', { name: 'Tu plan' }).boundingBox())!.y);
    expect(await sidewaysScroll(phone)).toBe(0);
    await iphone.close();
    expect(errors).toEqual([]);
  });
});
