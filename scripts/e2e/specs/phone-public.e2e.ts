import type { Locator, Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { seriousViolations, sidewaysScroll, signInAsStaff, stamp } from './admin-session';

/** Issue 40 on the screens a phone shows first: the members' way in, the client cards, checkout, the order page. */
const s = useBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const SIZES = [
  ['a 390 px phone', PHONE],
  ['a 1366 px desktop', DESKTOP],
] as const;

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** On a phone the navbar's links sit behind the toggler. */
async function navbar(page: Page, size: { width: number }) {
  const nav = page.getByRole('navigation', { name: 'Principal' });
  if (size.width < 992) await nav.getByRole('button', { name: 'Abrir el menú' }).click();
  return nav;
}

describe('members find their portal (issue 40)', () => {
  test.each(SIZES)('on %s, "Soy socio" in the navbar and in the footer opens /socio/ingresar', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await page.goto('/');
    const nav = await navbar(page, size);
    await nav.getByRole('link', { name: 'Soy socio' }).click();
    await page.waitForURL('**/socio/ingresar');
    await page.getByRole('heading', { level: 1, name: 'Tu cuenta del gimnasio' }).waitFor();

    await page.goto('/ecommercehome');
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Soy socio' });
    await footerLink.scrollIntoViewIfNeeded();
    const link = await box(footerLink);
    expect(link.x >= 0 && link.x + link.width <= size.width).toBe(true);
    await footerLink.click();
    await page.waitForURL('**/socio/ingresar');
    await page.getByRole('heading', { level: 1, name: 'Tu cuenta del gimnasio' }).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(s.errors).toEqual([]);
  });

  test.each(SIZES)('on %s, the login modal sends members to their portal', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await page.goto('/');
    const nav = await navbar(page, size);
    await nav.getByRole('button', { name: 'Iniciar sesión' }).click();
    const modal = page.getByRole('dialog', { name: 'Login' });
    await modal.getByText('Si sos cliente, pedile a tu entrenador que te registre.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByRole('link', { name: 'Entrá al portal de socios' }).click();
    await page.waitForURL('**/socio/ingresar');
    await page.getByRole('heading', { level: 1, name: 'Tu cuenta del gimnasio' }).waitFor();
    await modal.waitFor({ state: 'detached' });
  });
});

describe('a client card’s e-mail (issue 40)', () => {
  test.each(SIZES)('on %s it wraps at "@" or ".", never inside a word, and stays in the card', async (_, size) => {
    const { page } = s;
    await signInAsStaff(page);
    const id = `e2e-${stamp()}`;
    const correo = `valentina.rodriguez.${stamp()}@correo.com.ar`;
    const created = await page.request.post('/v1/agregarusuario', {
      data: { idUsuario: id, nombre: 'Valentina Ruiz', edad: 29, correo, celular: 3815550199, plan: 1 },
    });
    expect(created.status()).toBe(201);
    await page.setViewportSize(size);
    await page.goto('/listadeusuarios');
    await page.getByPlaceholder('Buscar por código, nombre, email o celular').fill(id);
    const email = page.locator('td[data-label="Email"] .breakable-email', { hasText: correo });
    await email.waitFor();
    // The rendered lines: the whole address's, and each part's (the text between two break points).
    const lines = await email.evaluate((span) => {
      const tops = (node: Node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      const parts = [...span.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE);
      return { address: tops(span), cut: parts.filter((part) => tops(part) > 1).map((part) => part.textContent) };
    });
    expect(lines.cut).toEqual([]);
    if (size === PHONE) expect(lines.address).toBeGreaterThan(1);
    const cell = await box(page.locator('td[data-label="Email"]', { hasText: correo }));
    expect(cell.x + cell.width).toBeLessThanOrEqual(size.width);
    expect(await sidewaysScroll(page)).toBe(0);
  });
});

/** One product of its own in the cart, through the product page as a buyer adds it. */
async function cartWithAProduct(page: Page) {
  await signInAsStaff(page);
  const created = await page.request.post('/v1/products', {
    data: {
      nombre: `Soga ${stamp()}`,
      categoria: ['accesorios'],
      precio: 2300,
      imagen: '/img/productos/botella-termica.svg',
      descripcion: 'Para saltar.',
      portada: false,
      talle: [],
      color: ['negro'],
      stock: 5,
    },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { _id: string } };
  await page.context().clearCookies();
  await page.goto(`/ecommerce-producto/${product._id}`);
  await page.getByRole('group', { name: 'Color' }).getByText('Negro', { exact: true }).click();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await page.getByText('Producto agregado al carrito').waitFor();
}

describe('checkout and the order page on a phone (issue 40)', () => {
  test.each(SIZES)('on %s the summary and total come above "Confirmar pedido"', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await cartWithAProduct(page);
    await page.goto('/checkout');
    const total = page.getByTestId('checkout-total');
    const confirm = page
      .getByRole('form', { name: 'Datos del pedido' })
      .getByRole('button', { name: 'Confirmar pedido' });
    await confirm.waitFor();
    expect(await total.textContent()).toBe('$\u00a02.300');
    const [totalBox, buttonBox] = [await box(total), await box(confirm)];
    expect(totalBox.y + totalBox.height).toBeLessThanOrEqual(buttonBox.y);
    // On a wide screen the summary keeps its column to the right of the form.
    if (size === DESKTOP) expect(totalBox.x).toBeGreaterThan(buttonBox.x + buttonBox.width);
    expect(await sidewaysScroll(page)).toBe(0);
  });

  test.each(SIZES)(
    'on %s an order still to pay online is not headed "Pedido confirmado", and "Retiro" reads once',
    async (_, size) => {
      const { page } = s;
      await page.setViewportSize(size);
      const { products } = (await (await page.request.get('/v1/products?categoria=indumentaria&limit=5')).json()) as {
        products: { _id: string; variantes: { talle: string | null; color: string | null; stock: number }[] }[];
      };
      const product = products.find((p) => p.variantes.some((v) => v.stock > 0))!;
      const variant = product.variantes.find((v) => v.stock > 0)!;
      const placed = await page.request.post('/v1/orders', {
        data: {
          comprador: {
            nombre: 'Lucía',
            apellido: 'Online',
            email: `lucia.online.${size.width}@correo.com`,
            celular: '3815550000',
          },
          pago: 'mercadopago',
          lineas: [{ producto: product._id, talle: variant.talle, color: variant.color, cantidad: 1 }],
        },
      });
      expect(placed.status()).toBe(201);
      const { numero, token } = (await placed.json()).order as { numero: string; token: string };
      await page.goto(`/pedido/${numero}?t=${token}`);
      const outcome = page.getByTestId('mp-outcome');
      await outcome.waitFor();
      const heading = page.getByRole('heading', { level: 1 });
      expect(await heading.textContent()).toBe(`Pedido ${numero}`);
      expect((await box(heading)).y).toBeLessThan((await box(outcome)).y);
      expect(await page.getByRole('heading', { level: 2, name: 'Retiro en el gimnasio', exact: true }).count()).toBe(1);
      expect(await page.getByText(/Retiro: Retiro/).count()).toBe(0);
      expect(await sidewaysScroll(page)).toBe(0);
    },
  );
});
