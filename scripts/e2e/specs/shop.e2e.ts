import { useBrowser } from '../browser';

const s = useBrowser();

describe('a visitor in the shop', () => {
  test('the category page lists the seeded products, and one opens with its price and description', async () => {
    const { page } = s;
    await page.goto('/ecommerce-categoria/all');
    const card = page.getByRole('link', { name: /Botella Térmica 750ml/ });
    await card.waitFor();
    expect(await page.title()).toMatch(/\S/);
    await card.click();
    await page.waitForURL(/\/ecommerce-producto\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Botella Térmica 750ml' }).waitFor();
    expect(await page.getByText('$ 2.100,00').first().isVisible()).toBe(true);
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
});
