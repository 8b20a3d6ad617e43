import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, signInAsStaff, stamp } from './admin-session';

const s = useBrowser();

async function pick(page: Page, talle: string, cantidad: number) {
  await page.getByRole('group', { name: 'Talle' }).getByText(talle, { exact: true }).click();
  await page.getByRole('group', { name: 'Color' }).getByText('Negro', { exact: true }).click();
  for (let n = 1; n < cantidad; n += 1) await page.getByRole('button', { name: 'Sumar uno' }).click();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await sawNotice(page, 'Producto agregado al carrito');
}

describe('buying through the checkout', () => {
  test('two variants to the cart, checkout, confirmation; staff mark it paid and delivered; sold out reads "Sin stock"', async () => {
    const { page } = s;
    const name = `Remera E2E ${stamp()}`;
    await signInAsStaff(page);
    const created = await page.request.post('/v1/products', {
      data: {
        nombre: name,
        categoria: ['indumentaria'],
        precio: 2000,
        imagen: '/img/productos/remera-dry-fit.svg',
        descripcion: 'Remera para probar la compra.',
        portada: false,
        talle: ['s', 'm', 'l'],
        color: ['negro'],
        variantes: [
          { talle: 's', color: 'negro', stock: 1 },
          { talle: 'm', color: 'negro', stock: 5 },
          { talle: 'l', color: 'negro', stock: 0 },
        ],
      },
    });
    expect(created.status()).toBe(201);
    const { product } = (await created.json()) as { product: { _id: string } };
    await page.context().clearCookies();

    await page.goto(`/ecommerce-producto/${product._id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const large = page.getByRole('group', { name: 'Talle' }).getByRole('radio', { name: /L Sin stock/ });
    expect(await large.isDisabled()).toBe(true);
    await pick(page, 'S', 1);
    await page.reload();
    await pick(page, 'M', 2);

    await page.getByRole('button', { name: /productos? en el carrito$/ }).click();
    await page.getByRole('dialog', { name: 'Carrito' }).getByRole('link', { name: 'COMPRAR' }).click();
    await page.getByRole('heading', { level: 1, name: 'Finalizar compra' }).waitFor();
    const form = page.getByRole('form', { name: 'Datos del pedido' });
    await form.getByLabel('Nombre').fill('Lucía');
    await form.getByLabel('Apellido').fill('Gómez');
    await form.getByLabel('Email').fill('lucia.gomez@example.com');
    await form.getByLabel('Celular').fill('381 555-1234');
    await form.getByLabel('Transferencia').check();
    await form.getByRole('button', { name: 'Confirmar pedido' }).click();

    await page.waitForURL(/\/pedido\/G-\d{6}\?t=/);
    await page.getByRole('heading', { level: 1, name: /Pedido confirmado: pedido G-\d{6}/ }).waitFor();
    const numero = /G-\d{6}/.exec(page.url())![0];
    expect(await page.getByTestId('order-total').textContent()).toContain('$\u00a06.000');
    expect(await page.getByTestId('transfer-alias').textContent()).toBeTruthy();
    await page.getByText('Pendiente', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('productos carrito'))).toBe('[]');

    await page.goto(`/ecommerce-producto/${product._id}`);
    const small = page.getByRole('group', { name: 'Talle' }).getByRole('radio', { name: /S Sin stock/ });
    await small.waitFor({ state: 'attached' });
    expect(await small.isDisabled()).toBe(true);

    await signInAsStaff(page);
    await page.goto(`/admin/pedidos?q=${numero}`);
    await page.getByRole('link', { name: numero }).click();
    await page.getByRole('heading', { level: 1, name: new RegExp(`Pedido ${numero}`) }).waitFor();
    for (const [action, said, state] of [
      ['Marcar pagado', `Pedido ${numero}: pagado`, 'Pagado'],
      ['Marcar entregado', `Pedido ${numero}: entregado`, 'Entregado'],
    ] as const) {
      await page.getByRole('button', { name: action }).click();
      await popup(page, `¿${action.replace('Marcar', 'Marcar el pedido ' + numero + ' como')}?`)
        .getByRole('button', { name: action })
        .click();
      await sawNotice(page, said);
      await popupGone(page);
      await page.getByRole('heading', { level: 1, name: new RegExp(`${numero} ${state}`) }).waitFor();
    }
    expect(await page.getByRole('list', { name: 'Historial' }).textContent()).toMatch(
      /Pagado el .* por .*Entregado el/,
    );
    expect(s.errors).toEqual([]);
  });
});
