import type { Page } from 'playwright-core';
import { ACTIVE_MEMBERS_DEFINITION, INCOME_DEFINITION } from '@gym/contracts/reports';
import { useBrowser } from '../browser';
import { sidewaysScroll, signInAsStaff, stamp } from './admin-session';

const s = useBrowser();

const SIZES = [
  ['a phone (390 px)', { width: 390, height: 844 }],
  ['a desktop (1366 px)', { width: 1366, height: 900 }],
] as const;

/** What the element with this test id reads, spaces normalised (Intl writes a no-break space after "$"). */
async function read(page: Page, testId: string) {
  const element = page.getByTestId(testId);
  await element.waitFor();
  return (await element.textContent())!.replace(/\s+/g, ' ').trim();
}

let seeded: string | undefined;
/**
 * A membership payment and a paid shop order this month, once per run: the panel and Reportes both
 * count the shop's money. The client is the one whose check-in the audit test reads.
 */
async function seedMonth(page: Page): Promise<string> {
  if (seeded) return seeded;
  const id = `e2e-ing-${stamp()}`;
  const created = await page.request.post('/v1/agregarusuario', {
    data: {
      idUsuario: id,
      nombre: 'Irene Ingresos',
      edad: 30,
      correo: `${id}@correo.com`,
      celular: 3815550000,
      plan: 1,
    },
  });
  expect(created.status()).toBe(201);
  const paid = await page.request.post(`/v1/memberships/${id}/payments`, { data: { method: 'efectivo', months: 1 } });
  expect(paid.status()).toBe(201);
  const product = await page.request.post('/v1/products', {
    data: {
      nombre: `Soga ${stamp()}`,
      categoria: ['accesorios'],
      precio: 5600,
      imagen: '/img/productos/botella-termica.svg',
      descripcion: 'Para saltar.',
      portada: false,
      talle: [],
      color: ['negro'],
      stock: 5,
    },
  });
  expect(product.status()).toBe(201);
  const { _id } = ((await product.json()) as { product: { _id: string } }).product;
  const placed = await page.request.post('/v1/orders', {
    data: {
      comprador: { nombre: 'Lía', apellido: 'Sosa', email: 'lia.sosa@correo.com', celular: '3815551111' },
      pago: 'transferencia',
      lineas: [{ producto: _id, color: 'negro', cantidad: 1 }],
    },
  });
  expect(placed.status()).toBe(201);
  const { numero } = ((await placed.json()) as { order: { numero: string } }).order;
  expect((await page.request.post(`/v1/orders/${numero}/estado`, { data: { estado: 'pagado' } })).status()).toBe(200);
  seeded = id;
  return id;
}

describe('one "ingresos del mes" and one "socios activos" on the panel and in Reportes (issue 40)', () => {
  test.each(SIZES)('on %s both screens state the same income, by source, and the same members', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await signInAsStaff(page);
    await seedMonth(page);

    await page.goto('/admin');
    const income = await read(page, 'ingresos-mes');
    // Pesos with centavos when a payment had them (money-input.e2e.ts records $ 7.400,50).
    expect(income).toMatch(/^\$ [\d.]+(,\d\d)? \(cuotas \$ [\d.]+(,\d\d)?, tienda \$ [\d.]+(,\d\d)?\)$/);
    expect(income).not.toMatch(/tienda \$ 0\)/);
    const activeCard = page.getByRole('link', { name: /Socios activos/ });
    expect(await activeCard.textContent()).toContain(ACTIVE_MEMBERS_DEFINITION);
    const active = (await activeCard.locator('.h3').textContent())!.trim();
    expect(await sidewaysScroll(page)).toBe(0);

    await page.goto('/admin/reportes');
    expect(await read(page, 'ingresos-mes')).toBe(income);
    await page.getByText(INCOME_DEFINITION).waitFor();
    expect(await read(page, 'socios-activos')).toBe(active);
    await page.getByText(ACTIVE_MEMBERS_DEFINITION).waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
  });
});

describe('the audit trail in words (issue 40)', () => {
  test.each(SIZES)('on %s a check-in found by name reads "buscándolo por nombre", no code', async (_, size) => {
    const { page } = s;
    await page.setViewportSize(size);
    await signInAsStaff(page);
    const id = await seedMonth(page);
    expect((await page.request.post('/v1/clases/ingresos', { data: { idUsuario: id } })).status()).toBe(200);

    await page.goto('/admin/auditoria');
    const row = page.getByRole('row').filter({ hasText: 'Registró el ingreso de Irene Ingresos' }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain('Registró el ingreso de Irene Ingresos buscándolo por nombre:');
    expect(await page.locator('main').textContent()).not.toMatch(/por (BUSQUEDA|QR|DNI)\b/);
    expect(await sidewaysScroll(page)).toBe(0);
  });
});
