import type { Locator, Page } from 'playwright-core';
import { differenceText, formatMoney } from '@gym/contracts/format-money';
import { moneyInputText, parseMoneyInput } from '@gym/contracts/money-input';
import { planMessages } from '@gym/contracts/plans';
import { centavos, minus, toCentavos, toPesos, type Centavos } from '@gym/contracts/money';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, signInAsStaff, stamp } from './admin-session';
import { portalLinkMailedTo } from './mailbox';
import { photo } from './photo';

const s = useBrowser();
const DESKTOP = { width: 1366, height: 900 };

/** What a person types in every money field, what the field then shows, and the centavos it reads. */
/** What the person types, what the field shows, and the centavos it means. */
const TYPED: readonly (readonly [string, string, Centavos])[] = [
  ['7.400', '7.400', centavos(740_000)],
  ['7400', '7.400', centavos(740_000)],
  ['7.400,50', '7.400,50', centavos(740_050)],
  ['7,4', '7,4', centavos(740)],
];

/** Text as a reader compares it: the no-break spaces of "$ 7.400" as plain spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();
/** A popup's whole title, whatever spaces the money in it carries. */
const titled = (text: string) =>
  new RegExp(
    `^${plain(text)
      .replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')
      .replace(/ /g, '\\s')}$`,
  );

const centavosIn = (text: string) => {
  const read = parseMoneyInput(text);
  if (!read.ok) throw new Error(`not an amount: ${text}`);
  return read.centavos;
};

/** Types key by key, as a person does, into a field emptied first; returns what the field shows. */
async function typeMoney(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
  return field.inputValue();
}

/** What the API answered to the change `act` makes on `path` (what it stored, in its JSON). */
const answered = async (page: Page, path: string, act: () => Promise<void>) => {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() !== 'GET' && new URL(r.url()).pathname === path),
    act(),
  ]);
  return { status: response.status(), body: (await response.json()) as Record<string, Record<string, unknown>> };
};

describe('every money field reads what an Argentine types, at 1366 px', () => {
  beforeEach(async () => {
    await s.page.setViewportSize(DESKTOP);
  });

  test('Caja: the counted cash, with the difference it makes', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await page.goto('/admin/caja');
    const expected = page.getByTestId('cash-expected');
    await expected.waitFor();
    const esperado = centavosIn(plain(await expected.textContent()).replace('Efectivo esperado en la caja:', ''));
    const field = page.getByLabel('Efectivo contado ($)');
    expect([await field.getAttribute('type'), await field.getAttribute('inputmode')]).toEqual(['text', 'decimal']);
    for (const [typed, shown, centavos] of TYPED) {
      expect([typed, await typeMoney(field, typed)]).toEqual([typed, shown]);
      const difference = plain(`Diferencia: ${differenceText(minus(centavos, esperado))}`);
      await page
        .getByTestId('cash-difference')
        .filter({ hasText: titled(difference) })
        .waitFor();
    }
    expect(s.errors).toEqual([]);
  });

  test('the desk’s payment: the amount asked to confirm is the amount typed', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await page.goto('/editarusuario/demo-002');
    const field = page.getByLabel('Monto ($)');
    await field.waitFor();
    await page.getByLabel('Medio de pago').selectOption('efectivo');
    for (const [typed, shown, centavos] of TYPED) {
      expect([typed, await typeMoney(field, typed)]).toEqual([typed, shown]);
      await page.getByRole('button', { name: 'Registrar pago' }).click();
      const asked = popup(page, titled(`¿Registrar el pago de ${formatMoney(centavos)}?`));
      await asked.getByRole('button', { name: 'Volver' }).click();
      await popupGone(page);
    }
    // Recorded for real once: the API gets the amount typed, in centavos.
    await typeMoney(field, '7.400,50');
    const recorded = await answered(page, '/v1/memberships/demo-002/payments', async () => {
      await page.getByRole('button', { name: 'Registrar pago' }).click();
      await popup(page, titled(`¿Registrar el pago de ${formatMoney(centavos(740_050))}?`))
        .getByRole('button', { name: 'Sí, registrar' })
        .click();
    });
    expect([recorded.status, recorded.body.payment]).toEqual([
      201,
      expect.objectContaining({ amountCentavos: 740_050, method: 'efectivo', months: 1 }),
    ]);
    await sawNotice(page, 'Pago registrado');
    expect(s.errors).toEqual([]);
  });

  test('the product’s precio', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await page.goto('/admin/productos');
    for (const [typed, shown, centavos] of TYPED) {
      await page.getByRole('button', { name: 'Add Products' }).click();
      const form = page.getByRole('dialog', { name: 'Add Products' });
      await form.getByLabel('Nombre').fill(`Precio E2E ${stamp()}`);
      await form.getByRole('checkbox', { name: 'Accesorios' }).check();
      expect([typed, await typeMoney(form.getByLabel('Precio'), typed)]).toEqual([typed, shown]);
      await form.getByLabel('Stock').fill('1');
      await form.getByLabel('Imagen (URL o ruta)').fill('/img/productos/soga-de-saltar.svg');
      await form.getByLabel('Descripción').fill('Para probar el precio.');
      await form.getByLabel('Portada').selectOption('false');
      await form.getByRole('button', { name: 'Guardar' }).click();
      const saved = await answered(page, '/v1/products', () =>
        popup(page, 'Esta seguro que quiere agregar un producto')
          .getByRole('button', { name: 'Guardar', exact: true })
          .click(),
      );
      expect([typed, saved.status, saved.body.product?.precio]).toEqual([typed, 201, toPesos(centavos)]);
      await sawNotice(page, 'Guardado!');
      await popupGone(page);
      await form.waitFor({ state: 'detached' });
    }
    expect(s.errors).toEqual([]);
  });

  test('the plan’s precio por hora and cuota mensual (7,40 is below both ranges)', async () => {
    const { page } = s;
    await signInAsStaff(page);
    const plans = (await (await page.request.get('/v1/obtenerlistadeplanes')).json()) as {
      codigoPlan: string;
      precio: number;
      cuotaMensualCentavos: Centavos;
    }[];
    const plan = plans.at(-1)!;
    const edit = async (precio: string, cuota: string) => {
      await page.goto(`/editarplan/${plan.codigoPlan}`);
      const fields = [page.getByLabel('Precio por hora'), page.getByLabel('Cuota mensual ($)')];
      await fields[0]!.waitFor();
      const shown = [await typeMoney(fields[0]!, precio), await typeMoney(fields[1]!, cuota)];
      return { shown, save: () => page.getByRole('button', { name: 'Guardar' }).click() };
    };
    for (const [typed, shown, centavos] of TYPED) {
      const form = await edit(typed, typed);
      expect([typed, form.shown]).toEqual([typed, [shown, shown]]);
      if (centavos < 100_000) {
        await form.save();
        await page.getByText(planMessages.precioRange).waitFor();
        await page.getByText(planMessages.cuotaRange).waitFor();
        continue;
      }
      const saved = (await answered(page, '/v1/actualizarplan', form.save)).body as unknown as Record<string, unknown>;
      expect([typed, saved.precio, saved.cuotaMensualCentavos]).toEqual([typed, toPesos(centavos), centavos]);
      await sawNotice(page, 'Plan editado Exitosamente');
      await page.waitForURL('**/planes');
      await popupGone(page);
    }
    // As it was, through the same form ("2.500", "28.000" as it shows them).
    const back = await edit(moneyInputText(toCentavos(plan.precio)), moneyInputText(plan.cuotaMensualCentavos));
    await back.save();
    await sawNotice(page, 'Plan editado Exitosamente');
    expect(s.errors).toEqual([]);
  });

  // A member may have 3 receipts waiting for the desk: two members, two amounts each.
  test.each([
    ['demo-006', 'tomas.romero@correo.com', 'Tomás Romero', TYPED.slice(0, 2)],
    ['demo-007', 'camila.torres@correo.com', 'Camila Torres', TYPED.slice(2)],
  ])('the member’s transfer (%s): the amount typed travels in centavos', async (idUsuario, correo, nombre, typings) => {
    const { page, context } = s;
    await signInAsStaff(page);
    await page.goto(`/editarusuario/${idUsuario}`);
    await page.getByRole('button', { name: 'Enviar acceso por e-mail' }).click();
    await sawNotice(page, 'Le enviamos el enlace de acceso por e-mail');
    const link = await portalLinkMailedTo(correo);
    await context.clearCookies();
    await page.goto(link);
    await page.getByRole('heading', { name: `Hola, ${nombre}` }).waitFor();
    const receipt = { name: 'transferencia.png', mimeType: 'image/png', buffer: photo(300, 450) };
    for (const [typed, shown, centavos] of typings) {
      await page.locator('input[type="file"][name="archivo"]').setInputFiles(receipt);
      expect([typed, await typeMoney(page.getByLabel('Monto ($)'), typed)]).toEqual([typed, shown]);
      const [request, response] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/v1/socio/comprobantes')),
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/v1/socio/comprobantes')),
        page.getByRole('button', { name: 'Enviar comprobante' }).click(),
      ]);
      expect([typed, new URL(request.url()).searchParams.get('montoCentavos'), response.status()]).toEqual([
        typed,
        String(centavos),
        201,
      ]);
    }
    await page.getByText('Recibimos tu comprobante').waitFor();
    // The staff session cleared for the member's: the portal's first look without one is a 401.
    expect(s.errors.filter((e) => !/401/.test(e))).toEqual([]);
  });
});
