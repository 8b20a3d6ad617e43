import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, signInAsStaff, stamp } from './admin-session';

const s = useBrowser();

interface Plan {
  idPlan: number;
  nombrePlan: string;
  codigoPlan: string;
}

const listPlans = async (page: Page) => (await (await page.request.get('/v1/obtenerlistadeplanes')).json()) as Plan[];

async function addPlanThroughTheForm(page: Page, name: string) {
  await page.goto('/planes');
  await page.getByRole('link', { name: 'Agregar Plan' }).click();
  await page.waitForURL('**/agregarplan');
  await page.getByLabel('Nombre del plan').pressSequentially(name.toLowerCase());
  await page.getByLabel('Descripción').fill('circuito funcional en grupo');
  await page.getByLabel('Precio por hora').fill('3000');
  await page.getByLabel('Cuota mensual ($)').fill('30000');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await sawNotice(page, 'Usuario agregado exitosamente');
  await page.waitForURL('**/planes');
  await popupGone(page);
}

describe('staff manage the plans', () => {
  test("plans are added up to 9, then 'Agregar Plan' is disabled; edit and delete return to /planes", async () => {
    const { page } = s;
    await signInAsStaff(page);
    const before = await listPlans(page);
    const tag = stamp();
    const names = Array.from({ length: Math.max(9 - before.length, 0) }, (_, i) => `E2E ${tag} ${i + 1}`);
    for (const name of names) await addPlanThroughTheForm(page, name);

    await page.goto('/planes');
    await page.getByText('Administre hasta 9 planes').waitFor();
    await page.getByRole('article').nth(8).waitFor();
    expect(await page.getByRole('article').count()).toBe(9);
    expect(await page.getByRole('button', { name: 'Agregar Plan' }).isDisabled()).toBe(true);
    const first = page.getByRole('article', { name: names[0]!.toUpperCase() });
    await first.getByText('$ 3.000 por hora').waitFor();
    await first.getByText('Cuota mensual: $ 30.000').waitFor();
    await first.getByText('CIRCUITO FUNCIONAL EN GRUPO').waitFor();
    const tenth = await page.request.post('/v1/agregarplan', {
      data: { idPlan: 9, nombrePlan: 'DIEZ', description: 'DIEZ', precio: 2000, cuotaMensualCentavos: 2_000_000 },
    });
    expect(tenth.status()).toBe(409);
    expect(await tenth.json()).toEqual({ error: { message: 'Ya hay 9 planes: borrá uno antes de agregar otro' } });

    await first.getByRole('link', { name: /^Editar/ }).click();
    await page.waitForURL('**/editarplan/**');
    await page.getByLabel('Precio por hora').fill('3500');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await sawNotice(page, 'Plan editado Exitosamente');
    await page.waitForURL('**/planes');
    await popupGone(page);
    await first.getByText('$ 3.500 por hora').waitFor();

    const boxeo = page.getByRole('article', { name: 'BOXEO' });
    await boxeo.getByRole('button', { name: /^Borrar/ }).click();
    await popup(page, 'Estas seguro de querer eliminar el plan 001 BOXEO de manera definitiva?')
      .getByRole('button', { name: 'Si, borrar!' })
      .click();
    await page.getByText('No se puede borrar el plan: todavía hay clientes con este plan.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await popupGone(page);

    await first.getByRole('button', { name: /^Borrar/ }).click();
    await page.getByRole('button', { name: 'Si, borrar!' }).click();
    await sawNotice(page, 'Plan eliminado Correctamente');
    await first.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Agregar Plan' }).waitFor();

    for (const plan of await listPlans(page)) {
      if (plan.nombrePlan.startsWith(`E2E ${tag}`)) {
        await page.request.post('/v1/borrarPlan', { data: { codigoPlan: plan.codigoPlan } });
      }
    }
    expect((await listPlans(page)).length).toBe(before.length);
  });
});
