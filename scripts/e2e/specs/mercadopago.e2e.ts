import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, seriousViolations, sidewaysScroll, signInAsStaff, stamp } from './admin-session';
import { portalLinkMailedTo as linkMailedTo } from './mailbox';

const s = useBrowser();
const ROOT = path.resolve(__dirname, '../../..');
const mp = () => {
  const url = process.env.E2E_MP_URL;
  if (!url) throw new Error('E2E_MP_URL is not set: the stack starts the fake Mercado Pago');
  return url;
};
const PAGE_TITLE = 'Pagá con Mercado Pago (simulado)';

/** A product of its own for each test, so stock and orders never cross. */
async function newProduct(page: Page, precio: number) {
  await signInAsStaff(page);
  const created = await page.request.post('/v1/products', {
    data: {
      nombre: `Guantes MP ${stamp()}`,
      categoria: ['accesorios'],
      precio,
      imagen: '/img/productos/botella-termica.svg',
      descripcion: 'Para pagar con Mercado Pago.',
      portada: false,
      talle: [],
      color: ['negro'],
      stock: 5,
    },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { _id: string } };
  await page.context().clearCookies();
  return product._id;
}

/** A visitor buys one unit choosing Mercado Pago and lands on the provider's checkout page. */
async function buyWithMercadoPago(page: Page, productId: string) {
  await page.goto(`/ecommerce-producto/${productId}`);
  await page.getByRole('group', { name: 'Color' }).getByText('Negro', { exact: true }).click();
  await page.getByRole('button', { name: 'Agregar al carrito' }).click();
  await page.getByText('Producto agregado al carrito').waitFor();
  await page.goto('/checkout');
  const form = page.getByRole('form', { name: 'Datos del pedido' });
  await form.getByLabel('Nombre').fill('Lucía');
  await form.getByLabel('Apellido').fill('Gómez');
  await form.getByLabel('Email').fill('lucia.mp@example.com');
  await form.getByLabel('Celular').fill('381 555-1234');
  await form.getByLabel(/^Mercado Pago/).check();
  await form.getByText('Al confirmar te llevamos a Mercado Pago para pagar').waitFor();
  await form.getByRole('button', { name: 'Confirmar pedido' }).click();
  await page.waitForURL(`${mp()}/checkout/v1/redirect?**`);
  await page.getByRole('heading', { name: PAGE_TITLE }).waitFor();
}

/** The provider's page: approve, leave pending or reject; back on the order page, its number and token. */
async function choose(page: Page, button: 'Aprobar el pago' | 'Dejarlo pendiente' | 'Rechazar el pago') {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/pedido\/G-\d{6}\?t=.*payment_id=\d+/);
  const url = new URL(page.url());
  return { numero: /G-\d{6}/.exec(url.pathname)![0], paymentId: url.searchParams.get('payment_id')! };
}

const outcome = (page: Page) => page.getByTestId('mp-outcome');

/** The order's audit rows, read by staff through the API. */
async function auditOf(page: Page, numero: string) {
  await signInAsStaff(page);
  const res = await page.request.get('/v1/audit', { params: { entity: 'pedido', limit: '100' } });
  const { entries } = (await res.json()) as { entries: { entityId: string; after: Record<string, unknown> }[] };
  return entries.filter((e) => e.entityId === numero);
}

describe('paying an order with Mercado Pago', () => {
  test('approved: back on the order page it reads "Pago aprobado"; staff cancel it with the refund', async () => {
    const { page } = s;
    await buyWithMercadoPago(page, await newProduct(page, 3500));
    expect(await page.getByTestId('mp-total').textContent()).toBe('Total: $ 3500.00');
    const { numero } = await choose(page, 'Aprobar el pago');
    await outcome(page).getByText('Pago aprobado. ¡Gracias!').waitFor();
    await page.getByText('Pagado', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('productos carrito'))).toBe('[]');

    await signInAsStaff(page);
    await page.goto(`/admin/pedidos/${numero}`);
    await page.getByRole('button', { name: 'Cancelar y reembolsar' }).click();
    const confirm = popup(page, `¿Cancelar el pedido ${numero} y devolver el pago?`);
    await confirm.getByText(/Mercado Pago le devuelve \$\s3\.500 al comprador/).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar y reembolsar' }).click();
    await sawNotice(page, /^Reembolso hecho/);
    await popupGone(page);
    const steps = page.getByRole('list', { name: 'Historial' });
    await steps.getByText(/^Cancelado el .* por /).waitFor();
    await steps.getByText(/^Pagado el .* por Mercado Pago$/).waitFor();
  });

  // The operator's CLI runs the job beside the API, which only a PostgreSQL server allows (PGlite is
  // one process's, and the API's own run comes every 5 minutes): without DATABASE_URL it is skipped.
  const withServer = process.env.DATABASE_URL ? test : test.skip;
  withServer(
    'pending, then approved at the provider with its notification lost: the reconciliation job pays it',
    async () => {
      const { page } = s;
      await buyWithMercadoPago(page, await newProduct(page, 4200));
      const { numero, paymentId } = await choose(page, 'Dejarlo pendiente');
      await outcome(page).getByText('Pago pendiente').waitFor();
      await page.getByText(/todavía no acreditó el pago/).waitFor();

      // The provider approves it later and its notification never arrives; the job asks.
      const changed = await fetch(`${mp()}/__control/payments/${paymentId}/status`, {
        method: 'POST',
        body: 'approved',
      });
      expect(changed.status).toBe(200);
      const env = JSON.parse(process.env.E2E_API_ENV ?? '{}') as Record<string, string>;
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['backend/dist/cli.js', 'jobs:run', 'conciliar-mercadopago'],
        { cwd: ROOT, env },
      );
      expect(stdout).toMatch(/^conciliar-mercadopago: \{"revisados":\d+,"aplicados":[1-9]/m);
      // The page asks again by itself while the payment is pending (every 5 s); a reload asks at once.
      await page.reload();
      await outcome(page).getByText('Pago aprobado. ¡Gracias!').waitFor();
      const rows = await auditOf(page, numero);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.after).toEqual(expect.objectContaining({ estado: 'pagado', mercadoPago: paymentId }));
    },
  );

  test('rejected: the page offers another try, which pays it', async () => {
    const { page } = s;
    await buyWithMercadoPago(page, await newProduct(page, 2800));
    await choose(page, 'Rechazar el pago');
    await outcome(page).getByText('Pago rechazado — probá otra vez / pagá en el gimnasio').waitFor();
    await page.getByText('¿Preferís no pagar online? Pagá en efectivo cuando lo retires en el gimnasio.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Probar otra vez' }).click();
    await page.getByRole('heading', { name: PAGE_TITLE }).waitFor();
    await choose(page, 'Aprobar el pago');
    await outcome(page).getByText('Pago aprobado. ¡Gracias!').waitFor();
  });

  test('the same notification sent again and again changes the order once', async () => {
    const { page } = s;
    await buyWithMercadoPago(page, await newProduct(page, 1900));
    const { numero, paymentId } = await choose(page, 'Aprobar el pago');
    await outcome(page).getByText('Pago aprobado. ¡Gracias!').waitFor();
    const again = await fetch(`${mp()}/__control/payments/${paymentId}/notify?times=4`, { method: 'POST' });
    expect(((await again.json()) as { statuses: number[] }).statuses).toEqual([200, 200, 200, 200]);
    const forged = await fetch(`${mp()}/__control/payments/${paymentId}/notify?forge=1`, { method: 'POST' });
    expect(((await forged.json()) as { statuses: number[] }).statuses).toEqual([401]);
    const rows = await auditOf(page, numero);
    expect(rows).toHaveLength(1);
    expect(s.errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
  });
});

describe('a member renews from the portal with Mercado Pago', () => {
  test('two months on a 390 px phone: paid at the provider, back in the portal with the payment and its receipt', async () => {
    const { page, context } = s;
    await signInAsStaff(page);
    const id = `mp-${stamp()}`;
    const correo = `${id}@correo.com`;
    const created = await page.request.post('/v1/agregarusuario', {
      data: { idUsuario: id, nombre: 'Sofía Paz', edad: 31, correo, celular: 3815550101, plan: 1 },
    });
    expect(created.status()).toBe(201);
    const sent = await page.request.post(`/v1/clients/${id}/member-access`, { data: { channel: 'email' } });
    expect(sent.status()).toBe(200);
    const link = await linkMailedTo(correo);

    await context.clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Hola, Sofía Paz' }).waitFor();
    const card = page.getByRole('region', { name: 'Pagá tu cuota online' });
    await card.getByLabel('Meses').selectOption('2');
    const pay = card.getByRole('button', { name: /^Pagar con Mercado Pago \$/ });
    const label = (await pay.textContent()) ?? '';
    await pay.click();
    await page.getByRole('heading', { name: PAGE_TITLE }).waitFor();
    await page.getByRole('button', { name: 'Aprobar el pago' }).click();
    await page.waitForURL(/\/socio\?pago=mercadopago/);
    const renewal = page.getByTestId('mp-renewal');
    await renewal.getByText(/^Pago aprobado: .* por 2 meses\. Ya está en tus pagos, con su recibo\.$/).waitFor();
    expect(await renewal.textContent()).toContain(label.replace('Pagar con Mercado Pago ', ''));
    await page.getByText(/^Mercado Pago · /).waitFor();
    await page
      .getByRole('link', { name: /^Recibo R-\d+/ })
      .first()
      .waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
