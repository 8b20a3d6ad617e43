import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { popup, signInAsStaff } from './admin-session';
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
    await popup(page, 'Le enviamos el enlace de acceso por e-mail').waitFor();
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
