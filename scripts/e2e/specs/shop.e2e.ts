import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { seriousViolations } from './admin-session';

const s = useBrowser();

const PORTADA = [
  'Remera Dry Fit',
  'Calza Deportiva',
  'Buzo con Capucha',
  'Guantes de Boxeo 12oz',
  'Botella Térmica 750ml',
  'Colchoneta de Yoga',
  'Banco Regulable',
];

/** Name and price of every card in a product list. */
async function cards(page: Page, list: string) {
  const items = page.getByRole('list', { name: list, exact: true }).getByRole('listitem');
  await items.first().waitFor();
  return Promise.all(
    (await items.all()).map(async (item) => ({
      name: (await item.getByRole('heading').textContent()) ?? '',
      price: Number((await item.locator('p').first().textContent())?.replace(/[^\d,]/g, '').replace(',', '.')),
    })),
  );
}

describe('a visitor in the shop', () => {
  test('the category page lists the seeded products, and one opens with its price and description', async () => {
    const { page } = s;
    await page.goto('/ecommerce-categoria/all');
    const card = page.getByRole('link', { name: /Botella Térmica 750ml/ });
    await card.waitFor();
    expect(await page.title()).toMatch(/\S/);
    await card.click();
    await page.waitForURL(/\/ecommerce-producto\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: 'Botella Térmica 750ml' }).waitFor();
    expect(await page.getByText('$ 2.100').first().isVisible()).toBe(true);
    expect(await page.getByText('Botella de acero inoxidable').isVisible()).toBe(true);
    expect(s.errors).toEqual([]);
  });

  test('a category keeps only its own products', async () => {
    const { page } = s;
    await page.goto('/ecommerce-categoria/equipos');
    await page.getByRole('link', { name: /Banco Regulable/ }).waitFor();
    expect(await page.getByRole('link', { name: /Remera Dry Fit/ }).count()).toBe(0);
  });

  test('a product image is served by nginx from the site itself', async () => {
    const res = await s.page.request.get('/img/productos/remera-dry-fit.svg');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('image/svg+xml');
  });

  test('an unknown path shows the 404 page with a way back home', async () => {
    const { page } = s;
    const res = await page.goto('/no-existe-esta-pagina');
    expect(res?.status()).toBe(200);
    await page.getByText('Página no encontrada').waitFor();
    expect(await page.locator('a[href="/"]').count()).toBeGreaterThan(0);
  });

  test('the shop home: three SHOP NOW banners, the best sellers with Ver mas, and the two category banners', async () => {
    const { page } = s;
    await page.goto('/ecommercehome');
    const carousel = page.getByRole('region', { name: 'Novedades de la tienda' });
    const shopNow = carousel.locator('a', { hasText: 'SHOP NOW' });
    await shopNow.first().waitFor();
    expect(await shopNow.count()).toBe(3);
    for (const link of await shopNow.all()) expect(await link.getAttribute('href')).toBe('/ecommerce-categoria/all');

    const bestSellers = (await cards(page, 'Productos mas vendidos')).map((card) => card.name);
    expect(bestSellers).toEqual(expect.arrayContaining(PORTADA));
    expect(bestSellers).not.toContain('Musculosa Training');
    expect(await page.title()).toBe('Tienda online | GYM Tucumán');
    expect(await page.getByRole('link', { name: 'Ver mas' }).getAttribute('href')).toBe('/ecommerce-categoria/all');
    expect(await page.getByRole('link', { name: 'COMPRA ACCESORIOS' }).getAttribute('href')).toBe(
      '/ecommerce-categoria/accesorios',
    );
    await page.getByRole('link', { name: 'COMPRA EQUIPOS' }).click();
    await page.waitForURL('**/ecommerce-categoria/equipos');
    await page.getByRole('heading', { level: 1, name: 'Equipos' }).waitFor();

    await page.goBack();
    await shopNow.first().click();
    await page.waitForURL('**/ecommerce-categoria/all');
    expect(s.errors).toEqual([]);
  });

  test('a price bucket shows only matching products, and the filtered view survives a reload', async () => {
    const { page } = s;
    await page.goto('/ecommerce-categoria/all');
    await cards(page, 'Todos los productos');
    await page.getByRole('button', { name: 'Filtros' }).click();
    const panel = page.getByRole('dialog', { name: 'Filtros' });
    const filtered = page.waitForResponse((res) => res.url().includes('precio=1500'));
    await panel.getByLabel('$ 1.500 – $ 3.000').click();
    await filtered;
    await page.waitForURL(/\?precio=1500$/);
    expect(await panel.getByLabel('$ 1.500 – $ 3.000').isChecked()).toBe(true);
    await panel.getByRole('button', { name: /^Ver \d+ productos$/ }).click();

    const expected = [
      'Botella Térmica 750ml',
      'Calza Deportiva',
      'Short Running',
      'Top Deportivo',
      'Bandas Elásticas x5',
    ];
    const check = async () => {
      const shown = await cards(page, 'Todos los productos');
      expect(shown.map((card) => card.name)).toEqual(expect.arrayContaining(expected));
      for (const card of shown) expect(card.price > 1500 && card.price <= 3000).toBe(true);
    };
    await check();
    await page.reload();
    await check();
    await page.getByRole('button', { name: /Filtros/ }).click();
    expect(await page.getByRole('dialog', { name: 'Filtros' }).getByLabel('$ 1.500 – $ 3.000').isChecked()).toBe(true);
    expect(s.errors).toEqual([]);
  });

  test('filters that match nothing say so, and one button clears them', async () => {
    const { page } = s;
    await page.goto('/ecommerce-categoria/equipos?talle=xs&color=blanco');
    await page.getByText('Ningún producto coincide con la búsqueda o los filtros elegidos.').waitFor();
    await page.getByRole('button', { name: 'Limpiar filtros' }).last().click();
    await page.waitForURL(/\/ecommerce-categoria\/equipos$/);
    await page.getByRole('link', { name: /Banco Regulable/ }).waitFor();
  });

  test('a name search without accents finds the accented name, and lives in the URL', async () => {
    const { page } = s;
    await page.goto('/ecommerce-categoria/all');
    await page.getByRole('searchbox', { name: 'Buscar por nombre' }).fill('OLIMPICA');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/\?q=OLIMPICA$/);
    await page.getByRole('link', { name: /Barra Olímpica 20kg/ }).waitFor();
    await page.getByText('1 producto', { exact: true }).waitFor();
    await page.reload();
    expect(await page.getByRole('searchbox', { name: 'Buscar por nombre' }).inputValue()).toBe('OLIMPICA');
    await page.getByRole('link', { name: /Barra Olímpica 20kg/ }).waitFor();
  });

  test('the catalogue sorts by price and comes in pages of 24', async () => {
    const { page } = s;
    await page.goto('/ecommerce-categoria/all');
    expect(await cards(page, 'Todos los productos')).toHaveLength(24);
    const sorted = page.waitForResponse((res) => res.url().includes('sort=precio_desc'));
    await page.getByLabel('Ordenar por').selectOption('precio_desc');
    await sorted;
    const first = (await cards(page, 'Todos los productos')).map((card) => card.price);
    expect(first).toEqual([...first].sort((a, b) => b - a));
    expect(first).toContain(45000);

    const next = page.waitForResponse((res) => res.url().includes('page=2'));
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await next;
    await page.waitForURL(/sort=precio_desc&page=2$/);
    const second = (await cards(page, 'Todos los productos')).map((card) => card.price);
    expect(Math.max(...second)).toBeLessThanOrEqual(Math.min(...first));
  });

  test('an unknown product or category says so, with a way back', async () => {
    const { page } = s;
    await page.goto('/ecommerce-producto/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Producto no encontrado' }).waitFor();
    expect(await page.getByRole('link', { name: 'Volver a la tienda' }).getAttribute('href')).toBe('/ecommercehome');
    await page.goto('/ecommerce-categoria/zapatillas');
    await page.getByRole('heading', { name: 'Categoría no encontrada' }).waitFor();
  });

  test('the shop home, a category and a product page have no serious accessibility violations', async () => {
    const { page } = s;
    await page.goto('/ecommercehome');
    await cards(page, 'Productos mas vendidos');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/ecommerce-categoria/indumentaria?precio=1500');
    await cards(page, 'Indumentaria');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: /Calza Deportiva/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Calza Deportiva' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});
