import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';

const s = useBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** WCAG contrast of each text over its nearest painted background (the banners' base under their pictures). */
const textContrasts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const background = (el: Element | null): string => {
      for (let node = el; node; node = node.parentElement) {
        const bg = getComputedStyle(node).backgroundColor;
        const alpha = rgb(bg)[3];
        if (bg !== 'transparent' && alpha !== 0) return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    return elements.map((el) => {
      const [fg, bg] = [luminance(rgb(getComputedStyle(el).color)), luminance(rgb(background(el)))];
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      return `${el.textContent?.trim().slice(0, 24)}: ${ratio >= 4.5 ? 'ok' : ratio.toFixed(2)}`;
    });
  });

describe('what a visitor notices', () => {
  test.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('on %s, the text over the shop banners and carousels reads (contrast 4.5:1 or more)', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await page.goto('/ecommercehome');
    await page.getByRole('heading', { name: 'Equipos' }).waitFor();
    const texts = await textContrasts(
      page,
      '.shop-banner__content h2, .shop-banner__content p, .gym-carousel__title, .gym-carousel__text',
    );
    expect(texts.length).toBeGreaterThanOrEqual(6);
    expect(texts.filter((text) => !text.endsWith(': ok'))).toEqual([]);
    await page.goto('/');
    await page.locator('.gym-carousel__title').first().waitFor();
    const home = await textContrasts(page, '.gym-carousel__title, .gym-carousel__text, .page-header *, .cta-band *');
    expect(home.filter((text) => !text.endsWith(': ok'))).toEqual([]);
  });

  test.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])('on %s, the best-sellers grid has no ragged gap: a short last row is centred', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await page.goto('/ecommercehome');
    const grid = page.getByRole('list', { name: 'Productos mas vendidos' });
    await grid.getByRole('listitem').first().waitFor();
    const gaps = await grid.evaluate((ul) => {
      const box = ul.getBoundingClientRect();
      const items = Array.from(ul.children, (li) => li.getBoundingClientRect());
      const lastTop = Math.max(...items.map((item) => item.top));
      const last = items.filter((item) => Math.abs(item.top - lastTop) < 2);
      return {
        left: Math.min(...last.map((item) => item.left)) - box.left,
        right: box.right - Math.max(...last.map((item) => item.right)),
      };
    });
    expect(Math.abs(gaps.left - gaps.right)).toBeLessThanOrEqual(2);
  });

  test('the cart button’s accessible name starts with what it shows (WCAG 2.5.3)', async () => {
    const { page } = s;
    await page.goto('/ecommercehome');
    const button = page.getByRole('button', { name: '0 productos en el carrito', exact: true });
    expect(await button.locator('span:not(.visually-hidden)').innerText()).toBe('0');
    expect(await button.getAttribute('aria-label')).toBeNull();
  });
});

/** `make start` as a newcomer runs it: the built bundle and the API on one port, PGlite, no weather key. */
describe('a default make start', () => {
  const PORT = Number(process.env.E2E_DEFAULT_PORT || 19132);
  const origin = `http://127.0.0.1:${PORT}`;
  let server: ChildProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-default-'));
    server = spawn(process.execPath, ['backend/dist/server.js'], {
      cwd: path.resolve(__dirname, '../../..'),
      env: { PATH: process.env.PATH, PORT: String(PORT), DATA_DIR: dataDir, PASSWORD_HASH_LOG_N: '14' },
      stdio: 'ignore',
    });
    const until = Date.now() + 280_000;
    for (;;) {
      const ready = await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > until || server.exitCode !== null) throw new Error('the default start did not come up');
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('no public page logs an error in the console, and the weather box is a compact note', async () => {
    const { page } = s;
    for (const route of ['/', '/boxeo', '/yoga', '/libre', '/acercade', '/preguntasfrecuentes', '/ecommercehome']) {
      await page.goto(`${origin}${route}`);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${origin}/ecommerce-categoria/all`);
    await page.locator('main a[href^="/ecommerce-producto/"]').first().click();
    await page
      .getByRole('button', { name: /Agregar al carrito|Sin stock/ })
      .first()
      .waitFor();
    await page.goto(`${origin}/`);
    const weather = page.getByRole('region', { name: 'El clima hoy' });
    await weather.waitFor();
    await page.waitForTimeout(2500);
    expect(await weather.textContent()).toContain('configura el servicio del clima');
    expect((await weather.boundingBox())!.height).toBeLessThan(140);
    expect(s.errors).toEqual([]);
  }, 120_000);
});
