import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { parseMoneyInput } from '@gym/contracts/money-input';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, seriousViolations, signInAsStaff } from './admin-session';

const s = useBrowser();

/** The centavos a money field shows ("7.500" is 750000). */
const amountIn = async (page: Page, label: string) => {
  const read = parseMoneyInput(await page.getByLabel(label).inputValue());
  return read.ok ? read.centavos : NaN;
};

/** A row of the desk's list, found by the link to the client's page (names may change, codes do not). */
const rowOf = (page: Page, idUsuario: string) =>
  page.locator('tbody tr', { has: page.locator(`a[href="/editarusuario/${idUsuario}"]`) });

async function openList(page: Page, estado: string) {
  await page.goto(`/membresias?estado=${estado}`);
  await page.getByRole('heading', { name: 'Membresías' }).waitFor();
  await page.locator('tbody tr, .text-center.text-body-secondary').first().waitFor();
}

describe('the front desk', () => {
  test('record a payment: the client leaves "Vencidas"; pause and resume show in the history', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await openList(page, 'vencidas');
    const row = rowOf(page, 'demo-010');
    await row.waitFor();
    await row.getByRole('link').click();
    await page.waitForURL('**/editarusuario/demo-010');

    const section = page.getByRole('region', { name: /Membresía/ });
    await section.getByText('Vencida', { exact: true }).waitFor();
    const monthly = await amountIn(page, 'Monto ($)');
    await page.getByLabel('Meses').fill('3');
    await page.getByLabel('Medio de pago').selectOption('transferencia');
    await page.getByLabel('Nota (opcional)').fill('Pagó por home banking');
    expect(await amountIn(page, 'Monto ($)')).toBe(3 * monthly);
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const summary = popup(page, /^¿Registrar el pago de \$/);
    await summary.getByText(/ · 3 meses, del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4} · Transferencia\.$/).waitFor();
    await summary.getByRole('button', { name: 'Sí, registrar' }).click();
    await sawNotice(page, 'Pago registrado');
    await popupGone(page);
    await section.getByText('Activa', { exact: true }).waitFor();
    await page.getByRole('cell', { name: 'Pagó por home banking' }).waitFor();

    await page.getByLabel('Motivo de la pausa (lesión, viaje…)').fill('Esguince de tobillo');
    await page.getByRole('button', { name: 'Pausar membresía' }).click();
    await sawNotice(page, 'Membresía pausada');
    await popupGone(page);
    await section.getByText('Pausada', { exact: true }).waitFor();
    await page
      .getByRole('list', { name: 'Pausas' })
      .getByText(/en curso: Esguince de tobillo/)
      .waitFor();

    await openList(page, 'pausadas');
    await rowOf(page, 'demo-010').waitFor();
    await openList(page, 'vencidas');
    await rowOf(page, 'demo-005').waitFor();
    expect(await rowOf(page, 'demo-010').count()).toBe(0);

    await page.goto('/editarusuario/demo-010');
    await page.getByRole('button', { name: 'Reanudar membresía' }).click();
    await sawNotice(page, 'Membresía reanudada');
    await popupGone(page);
    await page
      .getByRole('list', { name: 'Pausas' })
      .getByText(/\(0 días\): Esguince de tobillo/)
      .waitFor();
    await page
      .getByRole('region', { name: /Membresía/ })
      .getByText('Activa', { exact: true })
      .waitFor();
    expect(s.errors).toEqual([]);
  });

  test('export a list as CSV: UTF-8 with BOM, ";" and dd/mm/aaaa', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await openList(page, 'vencidas');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^membresias-vencidas-\d{4}-\d\d-\d\d\.csv$/);
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Código;Nombre;Correo;Celular;Plan;Estado;Vence el;Apto físico hasta');
    expect(lines.find((l) => l.startsWith('demo-005;'))).toMatch(/;vencida;\d\d\/\d\d\/\d{4};sin apto$/);
  });

  test('send a reminder from a list and see it in the client history', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await openList(page, 'vencidas');
    await rowOf(page, 'demo-005').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Enviar recordatorio por e-mail' }).click();
    await popup(page, '¿Enviar el recordatorio por e-mail a 1 cliente?')
      .getByRole('button', { name: 'Sí, enviar' })
      .click();
    await sawNotice(page, 'Recordatorios enviados: 1 de 1');
    await popupGone(page);
    await rowOf(page, 'demo-005')
      .getByText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d por e-mail$/)
      .waitFor();

    await rowOf(page, 'demo-005').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Recordatorio por WhatsApp' }).click();
    const chat = page.getByRole('link', { name: /^Abrir WhatsApp/ });
    expect(await chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/549\d{10}\?text=Hola%20/);

    await page.goto('/editarusuario/demo-005');
    const history = page.getByRole('list', { name: 'Recordatorios' });
    await history.getByText(/E-mail · enviado/).waitFor();
    await history.getByText(/WhatsApp · abierto/).waitFor();
    await history
      .getByText(/tu plan .* vence el \d\d\/\d\d/)
      .first()
      .waitFor();
    expect(s.errors).toEqual([]);
  });

  test('the dashboard sits above the five cards with the backup line, and each figure opens its list', async () => {
    const { page } = s;
    await signInAsStaff(page);
    await page.goto('/admin');
    const desk = page.getByRole('region', { name: 'Recepción' });
    await desk.getByText('Socios activos').waitFor();
    // The owner's backup line: this fresh database has never been backed up, and says so in red.
    const backups = page.getByTestId('respaldo');
    await backups.getByText('Todavía no hay un respaldo verificado.', { exact: true }).waitFor();
    expect(await backups.getAttribute('class')).toContain('text-danger-emphasis');
    await page.getByRole('link', { name: /Clientes Altas/ }).waitFor();
    await desk.getByRole('link', { name: /Vencen en 7 días/ }).click();
    await page.waitForURL('**/membresias?estado=por-vencer');
    await page.getByRole('button', { name: 'Vencen esta semana' }).waitFor();
    expect(s.errors).toEqual([]);
  });

  test('the desk screens pass axe (WCAG 2.1 AA, nothing serious or critical)', async () => {
    const { page } = s;
    await signInAsStaff(page);
    for (const path of ['/membresias?estado=vencidas', '/membresias/plantillas', '/editarusuario/demo-004']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.spinner-border'));
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
  }, 180_000);
});
