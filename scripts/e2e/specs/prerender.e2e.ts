import { baseURL, useBrowser } from '../browser';

const s = useBrowser();
const CART_KEY = 'productos carrito';

/**
 * The prerendered pages (frontend/src/prerender.tsx), the tab's title and a text each shows before
 * any script runs, and a rule of the page's own stylesheet (not the entry's), with what it sets.
 */
const PAGES: [string, string, string, string, string, string][] = [
  ['/', 'Inicio | GYM Tucumán', 'Entrená en el corazón de Tucumán', '.gym-carousel', 'overflow', 'hidden'],
  ['/boxeo', 'Boxeo | GYM Tucumán', 'Boxeo', '.page-header', 'padding-top', '40px'],
  [
    '/preguntasfrecuentes',
    'Preguntas frecuentes | GYM Tucumán',
    'Preguntas frecuentes',
    '.page-header',
    'padding-top',
    '40px',
  ],
  ['/ecommercehome', 'Tienda online | GYM Tucumán', 'Productos mas vendidos', '.gym-carousel', 'overflow', 'hidden'],
];

describe('the public pages arrive rendered (the build prerenders them) and the app takes them over', () => {
  test.each(PAGES)(
    '%s shows its page, titled and styled, with scripts turned off',
    async (url, title, heading, selector, property, value) => {
      const context = await s.context.browser()!.newContext({
        baseURL: baseURL(),
        ignoreHTTPSErrors: true,
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        const res = await page.goto(url);
        expect(res!.headers()['cache-control']).toBe('no-cache');
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        expect(await page.title()).toBe(title);
        expect(
          await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Yoga' }).count(),
        ).toBe(1);
        // The navbar's rules come from the entry's stylesheet; the page's own are linked in its head.
        const navbar = await page.locator('nav.shop-navbar').evaluate((el) => getComputedStyle(el).position);
        expect(navbar).toBe('sticky');
        const style = await page
          .locator(selector)
          .first()
          .evaluate((el, name) => getComputedStyle(el).getPropertyValue(name), property);
        expect(style).toBe(value);
      } finally {
        await context.close();
      }
    },
  );

  test('a path the build did not prerender gets the empty shell, and the app renders it', async () => {
    const { page } = s;
    const res = await page.request.get('/ecommerce-categoria/indumentaria');
    expect(await res.text()).toContain('<div id="root"></div>');
    await page.goto('/ecommerce-categoria/indumentaria');
    await page.getByRole('heading', { level: 1, name: 'Indumentaria' }).waitFor();
    expect(s.errors).toEqual([]);
  });

  test('hydrating the home page: the stored cart and this year show, links move within the page, no mismatch', async () => {
    const { page } = s;
    const { products } = (await (await page.request.get('/v1/products?categoria=indumentaria&limit=1')).json()) as {
      products: { precio: number; variantes: { talle: string | null; color: string | null; stock: number }[] }[];
    };
    const product = products[0]!;
    const variant = product.variantes.find((v) => v.stock > 0)!;
    const line = {
      detalles: product,
      talle: variant.talle ?? '',
      color: variant.color ?? '',
      cantidad: 2,
      total: 2 * product.precio,
    };
    await page.goto('/favicon.svg');
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [CART_KEY, JSON.stringify([line])]);

    // Hydrating keeps the prerendered nodes; rendering anew would replace them (a flash of the loading state).
    await page.addInitScript(() => {
      new MutationObserver((changes) => {
        const removed = changes.flatMap((c) => [...c.removedNodes]);
        if (removed.some((n) => n instanceof Element && (n.id === 'bienvenida' || n.querySelector('#bienvenida'))))
          Object.assign(window, { replaced: true });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    const cart = page.getByRole('button', { name: /en el carrito$/ });
    await page.waitForFunction(() => document.querySelector('.shop-navbar button .ms-1')?.textContent === '2');
    expect((await cart.textContent())?.trim()).toBe('2 productos en el carrito');
    await page.getByText(`© ${new Date().getFullYear()} GYM Tucumán. Todos los derechos reservados.`).waitFor();

    expect(await page.evaluate(() => (window as unknown as { replaced?: boolean }).replaced)).toBeUndefined();

    // A click handled by the app, not a new document: what the window holds survives it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Boxeo' }).click();
    await page.waitForFunction(() => document.title === 'Boxeo | GYM Tucumán');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(s.errors).toEqual([]);
  });
});
