import type { Page } from 'playwright-core';
import { E2E_SECRETS, useBrowser } from '../browser';
import { popupGone, signInAsStaff } from './admin-session';

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

/** Issue 12 item 5: names with markup reach SweetAlert only as text (titleText/text). */
describe('delete confirmations show names as text', () => {
  const NAMES = ['<img src=x onerror=alert(1)>', '<style>*{color:red}</style>'];

  const expectPlainPopup = async (page: Page, question: string) => {
    const title = page.locator('#swal2-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(question);
    expect(await page.locator('.swal2-popup img:not(.swal2-image), .swal2-popup style, img[src="x"]').count()).toBe(0);
    const colour = await page.locator('.swal2-html-container').evaluate((el) => getComputedStyle(el).color);
    expect(colour).not.toBe('rgb(255, 0, 0)');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await popupGone(page);
  };

  test('a product and a plan named with markup: their delete confirmations show the name literally', async () => {
    const { page } = s;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInAsStaff(page);
    const api = page.request;
    const products: string[] = [];
    const plans: string[] = [];
    try {
      for (const nombre of NAMES) {
        const created = await api.post('/v1/products', {
          data: {
            nombre,
            categoria: ['accesorios'],
            precio: 1234,
            imagen: '/img/productos/botella-termica.svg',
            descripcion: 'Producto de prueba',
            portada: false,
            talle: [],
            color: [],
            stock: 3,
          },
        });
        expect(created.status()).toBe(201);
        products.push(((await created.json()) as { product: { _id: string } }).product._id);
      }
      const taken = ((await (await api.get('/v1/obtenerlistadeplanes')).json()) as { idPlan: number }[]).map(
        (plan) => plan.idPlan,
      );
      const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((id) => !taken.includes(id));
      for (const [i, nombrePlan] of NAMES.entries()) {
        const created = await api.post('/v1/agregarplan', {
          data: {
            idPlan: free[i],
            nombrePlan,
            description: 'PLAN DE PRUEBA',
            precio: 2000,
            cuotaMensualCentavos: 2_000_000,
          },
        });
        expect(created.status()).toBe(201);
        plans.push(((await created.json()) as { codigoPlan: string }).codigoPlan);
      }

      for (const nombre of NAMES) {
        await page.goto(`/admin/productos?q=${encodeURIComponent(nombre)}`);
        await page.getByRole('button', { name: `Ver producto ${nombre}`, exact: true }).click();
        await page.getByRole('button', { name: 'Delete', exact: true }).click();
        await expectPlainPopup(page, `Estas seguro de querer eliminar el producto ${nombre} de manera definitiva?`);
      }
      await page.goto('/planes');
      for (const [i, nombre] of NAMES.entries()) {
        const upper = nombre.toUpperCase();
        await page.getByRole('button', { name: `Borrar el plan ${upper}`, exact: true }).click();
        await expectPlainPopup(
          page,
          `Estas seguro de querer eliminar el plan 00${free[i]} ${upper} de manera definitiva?`,
        );
      }
      expect(dialogs).toEqual([]);
    } finally {
      for (const id of products) expect((await api.delete(`/v1/product/${id}`)).status()).toBe(204);
      for (const codigoPlan of plans)
        expect((await api.post('/v1/borrarPlan', { data: { codigoPlan } })).status()).toBe(200);
    }
  });
});
