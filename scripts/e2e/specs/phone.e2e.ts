import type { Page } from 'playwright-core';
import { closingMessages } from '@gym/contracts/reports';
import { differenceText, formatMoney } from '@gym/contracts/format-money';
import { centavos, minus } from '@gym/contracts/money';
import { parseMoneyInput } from '@gym/contracts/money-input';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, sidewaysScroll, signInAsStaff } from './admin-session';

/** What the cashier counts in the drawer: $ 7.400. */
const COUNTED = centavos(740_000);

const s = useBrowser();

const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1366, height: 900 };

/** The right edge of an element, in CSS pixels from the window's left. */
const rightEdge = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())!.x + (await page.locator(selector).first().boundingBox())!.width;

async function adminRoutes(page: Page) {
  const clients = (await (await page.request.get('/v1/obtenerlistadeusuarios')).json()) as { idUsuario: string }[];
  const plans = (await (await page.request.get('/v1/obtenerlistadeplanes')).json()) as { codigoPlan: string }[];
  return [
    '/admin',
    '/clientes',
    '/listadeusuarios',
    '/agregarusuario',
    `/editarusuario/${clients[0]!.idUsuario}`,
    `/clientes/ver/${clients[0]!.idUsuario}`,
    '/chat',
    `/chatparticular/${clients[0]!.idUsuario}`,
    '/turnos',
    '/planes',
    '/agregarplan',
    `/editarplan/${plans[0]!.codigoPlan}`,
    '/admin/productos',
    '/admin/users',
    '/admin/pedidos',
    '/clientes/archivados',
    '/membresias?estado=vencidas',
    '/membresias?estado=comprobantes',
    '/membresias/plantillas',
    '/admin/auditoria',
    '/admin/cuenta',
    '/admin/caja',
    '/admin/reportes',
  ];
}

const PUBLIC_ROUTES = [
  '/',
  '/boxeo',
  '/yoga',
  '/libre',
  '/acercade',
  '/preguntasfrecuentes',
  '/ecommercehome',
  '/ecommerce-categoria/all',
  '/checkout',
  '/error',
];

describe('phones at the desk', () => {
  test.each([
    ['a phone (360 px)', PHONE],
    ['a desktop (1366 px)', DESKTOP],
  ])('no admin route pans sideways on %s, and every row action is in reach', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await signInAsStaff(page);
    for (const route of await adminRoutes(page)) {
      await page.goto(route);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect([route, await sidewaysScroll(page)]).toEqual([route, 0]);
    }
    for (const [route, action] of [
      ['/admin/productos', 'button:has-text("Ver producto")'],
      ['/listadeusuarios', 'button:has-text("Borrar")'],
      ['/turnos', 'button:has-text("Cambiar")'],
    ] as const) {
      await page.goto(route);
      await page.locator(action).first().waitFor();
      expect([route, (await rightEdge(page, action)) <= size.width]).toEqual([route, true]);
    }
    expect(s.errors).toEqual([]);
  });

  test('on a phone the lists are cards: each value after its column name, ids and e-mails whole on one line', async () => {
    const { page } = s;
    await page.setViewportSize(PHONE);
    await signInAsStaff(page);
    await page.goto('/listadeusuarios');
    const cell = page.locator('td[data-label="Email"]').first();
    await cell.waitFor();
    expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"Email"');
    expect(await page.locator('thead').first().boundingBox()).toMatchObject({ width: 1 });
    const email = page.locator('td[data-label="Email"]').first();
    const box = (await email.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  });

  test('an order reads as cards on a 390 px phone: the buyer’s page, the staff list and detail, numbers on one line', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 390, height: 844 });
    const { products } = (await (await page.request.get('/v1/products?categoria=indumentaria&limit=5')).json()) as {
      products: { _id: string; variantes: { talle: string | null; color: string | null; stock: number }[] }[];
    };
    const product = products.find((p) => p.variantes.some((v) => v.stock > 0))!;
    const variant = product.variantes.find((v) => v.stock > 0)!;
    const placed = await page.request.post('/v1/orders', {
      data: {
        comprador: { nombre: 'Lucía', apellido: 'Teléfono', email: 'lucia.telefono@correo.com', celular: '3815550000' },
        pago: 'transferencia',
        lineas: [{ producto: product._id, talle: variant.talle, color: variant.color, cantidad: 1 }],
      },
    });
    expect(placed.status()).toBe(201);
    const { numero, token } = (await placed.json()).order as { numero: string; token: string };

    const oneLine = async (text: string) => {
      const box = (await page.getByText(text, { exact: true }).first().boundingBox())!;
      expect([text, box.height < 30, box.x + box.width <= 390]).toEqual([text, true, true]);
    };
    await page.goto(`/pedido/${numero}?t=${token}`);
    await page.getByRole('heading', { name: new RegExp(numero) }).waitFor();
    for (const label of ['Precio', 'Subtotal']) await page.locator(`td[data-label="${label}"]`).first().waitFor();
    await page
      .getByText(/Transferencia/)
      .first()
      .waitFor();
    expect(await sidewaysScroll(page)).toBe(0);

    await signInAsStaff(page);
    await page.goto('/admin/pedidos');
    await page.getByText(numero, { exact: true }).first().waitFor();
    await oneLine(numero);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.goto(`/admin/pedidos/${numero}`);
    await page.locator('td[data-label="Subtotal"]').first().waitFor();
    await page
      .getByText(/pendiente/i)
      .first()
      .waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
  });

  test('the caja on a 390 px phone: "7.400" typed with the dot is $ 7.400, closes with its difference and clears', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsStaff(page);
    await page.goto('/admin/caja');
    const expectedLine = page.getByTestId('cash-expected');
    await expectedLine.waitFor();
    const read = parseMoneyInput((await expectedLine.textContent())!.replace('Efectivo esperado en la caja:', ''));
    if (!read.ok) throw new Error(read.message);
    const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
    const difference = plain(differenceText(minus(COUNTED, read.centavos)));

    const counted = page.getByLabel('Efectivo contado ($)');
    await counted.pressSequentially('7.400');
    expect(await counted.inputValue()).toBe('7.400');
    await page.getByTestId('cash-difference').getByText(`Diferencia: ${difference}`).waitFor();
    if (read.centavos !== COUNTED) {
      // A difference and no note: said under the note, and nothing is asked yet.
      await page.getByRole('button', { name: 'Cerrar caja' }).click();
      await page.getByText(closingMessages.noteRequired).waitFor();
      expect(await page.locator('.swal2-container').count()).toBe(0);
      await page.getByLabel('Nota (si hay diferencia)').fill('Conteo del turno en el teléfono');
    }
    expect(await sidewaysScroll(page)).toBe(0);
    await page.getByRole('button', { name: 'Cerrar caja' }).click();
    const question = popup(page, '¿Cerrar tu caja?');
    await question.getByText(`contado ${plain(formatMoney(COUNTED))}: ${difference}.`, { exact: false }).waitFor();
    await question.getByRole('button', { name: 'Cerrar caja' }).click();
    await sawNotice(page, closingMessages.closed);
    await popupGone(page);
    // The new shift starts empty: the form too, and no "sobran $ 7.400" against it.
    await page
      .getByText(`contado ${plain(formatMoney(COUNTED))}: ${difference}`, { exact: false })
      .first()
      .waitFor();
    expect(await counted.inputValue()).toBe('');
    expect(await page.getByTestId('cash-difference').count()).toBe(0);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(s.errors).toEqual([]);
  });

  test('dialogs fit a phone screen', async () => {
    const { page } = s;
    await page.setViewportSize(PHONE);
    await signInAsStaff(page);
    const fits = async (name: string) => {
      const dialog = page.getByRole('dialog', { name });
      await dialog.locator('.modal-content').waitFor();
      const box = (await dialog.locator('.modal-content').boundingBox())!;
      expect([name, box.x >= 0 && box.x + box.width <= PHONE.width]).toEqual([name, true]);
      expect(await sidewaysScroll(page)).toBe(0);
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await page.goto('/admin/productos');
    await page.getByRole('button', { name: 'Add Products' }).click();
    await fits('Add Products');
    await page.locator('button:has-text("Ver producto")').first().click();
    const viewName = await page.locator('.modal .modal-title').textContent();
    await fits(viewName!);
    await page.goto('/turnos');
    await page.locator('button:has-text("Cambiar")').first().click();
    const shiftName = await page.locator('.modal .modal-title').textContent();
    await fits(shiftName!);
  });

  test.each([
    ['a phone (360 px)', PHONE],
    ['a desktop (1366 px)', DESKTOP],
  ])('no public page pans sideways on %s', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    for (const route of PUBLIC_ROUTES) {
      await page.goto(route);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect([route, await sidewaysScroll(page)]).toEqual([route, 0]);
    }
  });
});
