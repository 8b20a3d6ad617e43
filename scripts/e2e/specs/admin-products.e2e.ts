import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, signInAsStaff, stamp } from './admin-session';

const s = useBrowser();

async function searchAdmin(page: Page, name: string) {
  await page.goto(`/admin/productos?q=${encodeURIComponent(name)}`);
  await page.getByRole('heading', { level: 1, name: 'Productos' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('.spinner-border'));
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('staff manage the shop products', () => {
  test('add through the modal and its confirmation, see it in the shop, edit its price, delete it', async () => {
    const { page } = s;
    const name = `Soga E2E ${stamp()}`;
    await signInAsStaff(page);
    await page.goto('/admin/productos');
    await page.getByRole('button', { name: 'Add Products' }).click();
    const form = page.getByRole('dialog', { name: 'Add Products' });
    await form.getByLabel('Nombre').fill(name);
    await form.getByRole('checkbox', { name: 'Accesorios' }).check();
    await form.getByLabel('Precio').fill('2500');
    await form.getByLabel('Stock').fill('7');
    await form.getByLabel('Imagen (URL o ruta)').fill('/img/productos/soga-de-saltar.svg');
    await form.getByLabel('Descripción').fill('Soga de saltar con rulemanes.');
    await form.getByLabel('Portada').selectOption('false');
    await form.getByRole('checkbox', { name: 'Negro' }).check();

    // declined first: nothing is added
    await form.getByRole('button', { name: 'Guardar' }).click();
    const question = popup(page, 'Esta seguro que quiere agregar un producto');
    await question.getByRole('button', { name: 'No guardar' }).click();
    await popup(page, 'El pruducto no fue agregado').getByRole('button', { name: 'Aceptar' }).click();
    await popupGone(page);

    await form.getByRole('button', { name: 'Guardar' }).click();
    await question.getByRole('button', { name: 'Guardar', exact: true }).click();
    await sawNotice(page, 'Guardado!');
    await popupGone(page);
    await form.waitFor({ state: 'detached' });

    await searchAdmin(page, name);
    const row = rowOf(page, name);
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('accesorios');
    const id = (await row.locator('code').textContent()) ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(`/ecommerce-producto/${id}`);
    await page.getByRole('heading', { name }).waitFor();
    await page
      .getByText(/^\$\s2\.500$/)
      .first()
      .waitFor();

    await searchAdmin(page, name);
    await rowOf(page, name)
      .getByRole('button', { name: /Ver producto/ })
      .click();
    const view = page.getByRole('dialog', { name });
    await view.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit' });
    const price = edit.getByLabel('Precio');
    await price.waitFor();
    expect(await price.inputValue()).toBe('2.500');
    await price.fill('3100');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await popup(page, '¿Guardar los cambios de este producto?')
      .getByRole('button', { name: 'Guardar', exact: true })
      .click();
    await sawNotice(page, 'Guardado!');
    await popupGone(page);
    await rowOf(page, name)
      .getByText(/^\$\s3\.100$/)
      .waitFor();

    await page.goto(`/ecommerce-producto/${id}`);
    await page
      .getByText(/^\$\s3\.100$/)
      .first()
      .waitFor();

    await searchAdmin(page, name);
    await rowOf(page, name)
      .getByRole('button', { name: /Ver producto/ })
      .click();
    await page.getByRole('dialog', { name }).getByRole('button', { name: 'Delete' }).click();
    await popup(page, `Estas seguro de querer eliminar el producto ${name} de manera definitiva?`)
      .getByRole('button', { name: 'Si, borrar!' })
      .click();
    await sawNotice(page, 'Producto borrado!');
    await page.getByText(`No hay productos que coincidan con “${name}”.`).waitFor();
    expect((await page.request.get(`/v1/product/${id}`)).status()).toBe(404);
    expect(s.errors).toEqual([]);
  });

  test('the search asks the API by name and the pages move through the catalogue', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await page.goto('/admin/productos');
    await page.getByRole('searchbox', { name: 'Buscar por nombre' }).fill('botella');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/q=botella/);
    // The whole catalogue's first page may show the bottle too: wait for the search's own answer.
    await page.getByText('1 producto', { exact: true }).waitFor();
    await rowOf(page, 'Botella Térmica 750ml').waitFor();
    expect(await page.getByRole('row').count()).toBe(2);

    await page.getByRole('button', { name: 'Ver todos' }).click();
    await page
      .getByRole('navigation', { name: 'Páginas de productos' })
      .getByRole('button', { name: 'Página 2' })
      .click();
    await page.waitForURL(/page=2/);
    await page.getByRole('button', { name: 'Página 2' }).and(page.locator('[aria-current="page"]')).waitFor();
  });
});
