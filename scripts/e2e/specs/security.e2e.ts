import { E2E_SECRETS, useBrowser } from '../browser';

const s = useBrowser();

/** 28 characters: fits the 30-character name rule, so the API stores it as given. */
const MARKUP_NAME = '<img src=x onerror=alert(1)>';
const MARKUP_DESCRIPTION = `<script>alert(2)</script><img src=x onerror=alert(3)><b>negrita</b> "comillas" & 'apóstrofo'`;

describe('stored text is shown as text (no stored XSS)', () => {
  test('a product named and described with markup shows it literally on its page and in its category; nothing runs', async () => {
    const { page, context } = s;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    const api = context.request;
    const login = await api.post('/v1/user/login', {
      data: { email: E2E_SECRETS.ADMIN_EMAIL, password: E2E_SECRETS.ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const created = await api.post('/v1/products', {
      data: {
        nombre: MARKUP_NAME,
        categoria: ['accesorios'],
        precio: 1234,
        imagen: '/img/productos/botella-termica.svg',
        descripcion: MARKUP_DESCRIPTION,
        portada: false,
        talle: [],
        color: [],
        stock: 3,
      },
    });
    expect(created.status()).toBe(201);
    const { product } = (await created.json()) as { product: { _id: string; nombre: string; descripcion: string } };
    expect(product.nombre).toBe(MARKUP_NAME);

    try {
      await page.goto(`/ecommerce-producto/${product._id}`);
      await page.getByRole('heading', { name: MARKUP_NAME, exact: true }).waitFor();
      await page.getByText(MARKUP_DESCRIPTION, { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('img[src="x"], [onerror], b:text("negrita")').count()).toBe(0);

      await page.goto('/ecommerce-categoria/accesorios');
      await page.getByText(MARKUP_NAME, { exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('img[src="x"], [onerror]').count()).toBe(0);

      expect(dialogs).toEqual([]);
      expect(s.errors.filter((e) => /alert|onerror/i.test(e))).toEqual([]);
    } finally {
      expect((await api.delete(`/v1/product/${product._id}`)).status()).toBe(204);
    }
  });

  test('markup in the URL of a product page is not run either', async () => {
    const { page } = s;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/ecommerce-producto/${encodeURIComponent('<img src=x onerror=alert(4)>')}`);
    await page.waitForLoadState('networkidle');
    await page.goto(
      `/ecommerce-categoria/${encodeURIComponent('"><svg onload=alert(5)>')}?color=%3Cscript%3Ealert(6)%3C/script%3E`,
    );
    await page.waitForLoadState('networkidle');
    expect(await page.locator('img[src="x"], svg[onload], [onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});
