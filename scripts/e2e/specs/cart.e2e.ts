import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { sawNotice } from './admin-session';

const s = useBrowser();
const CART_KEY = 'productos carrito';

async function openProduct(page: Page, name: string) {
  // Found by its name, as a shopper would once the other tests' products fill the first pages.
  await page.goto(`/ecommerce-categoria/all?q=${encodeURIComponent(name)}`);
  await page
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

async function addToCart(page: Page, { talle, color, cantidad }: { talle: string; color: string; cantidad: number }) {
  await page.getByRole('group', { name: 'Talle' }).getByText(talle, { exact: true }).click();
  await page.getByRole('group', { name: 'Color' }).getByText(color, { exact: true }).click();
  const quantity = page.getByRole('group', { name: 'Cantidad' }).locator('output');
  while (Number(await quantity.textContent()) > 1) await page.getByRole('button', { name: 'Restar uno' }).click();
  for (let n = 1; n < cantidad; n += 1) await page.getByRole('button', { name: 'Sumar uno' }).click();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  // The notice stays until closed (ADR 0010): closed here, so the next add says it anew.
  await sawNotice(page, 'Producto agregado al carrito');
}

const cartButton = (page: Page) => page.getByRole('button', { name: /productos? en el carrito$/ });

describe('the cart', () => {
  test('two sizes plus a repeat of one make two lines that survive a reload, and removing both empties it', async () => {
    const { page } = s;
    await openProduct(page, 'Remera Dry Fit');
    const add = page.getByRole('button', { name: 'Agregar al carrito' });
    expect(await add.isDisabled()).toBe(true);
    await page.getByText('Elegí un talle y un color para agregarlo al carrito.').waitFor();

    await addToCart(page, { talle: 'M', color: 'Negro', cantidad: 1 });
    await addToCart(page, { talle: 'L', color: 'Negro', cantidad: 1 });
    await addToCart(page, { talle: 'M', color: 'Negro', cantidad: 2 });
    expect((await cartButton(page).textContent())?.trim()).toBe('4 productos en el carrito');

    await page.reload();
    await cartButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Carrito' });
    // The panel loads the first time it opens: its lines come with it.
    await panel.waitFor();
    const lines = panel.getByRole('listitem');
    expect(await lines.count()).toBe(2);
    const [medium, large] = [lines.nth(0), lines.nth(1)];
    expect(await medium.textContent()).toMatch(/Remera Dry Fit.*Cantidad: 3.*Color: Negro.*Talle: M/);
    expect(await medium.textContent()).toMatch(/\$\s4\.200(?![,\d])/);
    expect(await large.textContent()).toMatch(/Cantidad: 1.*Talle: L/);
    expect(await large.textContent()).toMatch(/\$\s1\.400(?![,\d])/);
    expect(await panel.getByTestId('cart-total').textContent()).toMatch(/\$\s5\.600(?![,\d])/);

    await panel.getByRole('button', { name: 'Quitar Remera Dry Fit del carrito' }).first().click();
    await panel.getByRole('button', { name: 'Quitar Remera Dry Fit del carrito' }).click();
    await panel.getByText('El carrito está vacío').waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toBe('[]');
    expect(s.errors).toEqual([]);
  });

  test('a product without stock cannot be added: its button reads "Sin stock"', async () => {
    const { page } = s;
    await openProduct(page, 'Campera Rompeviento');
    const button = page.getByRole('button', { name: 'Sin stock' });
    expect(await button.isDisabled()).toBe(true);
  });

  test('a corrupt stored cart opens empty, and a change in another tab shows up', async () => {
    const { page, context } = s;
    await page.goto('/ecommercehome');
    await page.evaluate((key) => localStorage.setItem(key, '{roto'), CART_KEY);
    await page.reload();
    await cartButton(page).click();
    await page.getByText('El carrito está vacío').waitFor();

    const other = await context.newPage();
    await openProduct(other, 'Botella Térmica 750ml');
    await other.getByRole('group', { name: 'Color' }).getByText('Azul', { exact: true }).click();
    await other.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByRole('dialog', { name: 'Carrito' }).getByText('Botella Térmica 750ml').waitFor();
    expect((await cartButton(page).textContent())?.trim()).toBe('1 producto en el carrito');
  });
});
