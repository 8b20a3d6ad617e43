import { debitStateLabels } from '@gym/contracts/debits';
import { useBrowser } from '../browser';
import { seriousViolations, sidewaysScroll, signInAsStaff, stamp } from './admin-session';
import { mailTo, portalLinkMailedTo } from './mailbox';

// Issue 45: the automatic debit against the fake Mercado Pago Suscripciones, on the member's phone.
const s = useBrowser();
const PHONE = { width: 390, height: 844 };
const mp = () => {
  const url = process.env.E2E_MP_URL;
  if (!url) throw new Error('E2E_MP_URL is not set: the stack starts the fake Mercado Pago');
  return url;
};
/** A billing cycle `offset` months from now, charged (or not) by the fake and notified to the gym. */
async function cycle(preapprovalId: string, offset: number, outcome: 'approved' | 'rejected' = 'approved') {
  const d = new Date();
  const debitDate = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 15, 15)).toISOString();
  const res = await fetch(`${mp()}/__control/preapproval/${preapprovalId}/cycle`, {
    method: 'POST',
    body: JSON.stringify({ debitDate, outcome }),
  });
  expect(res.status).toBe(200);
}

test('a member authorises the debit on a 390 px phone; three cycles, three receipts; a rejected one reaches the desk', async () => {
  const { page, context, errors } = s;
  await signInAsStaff(page);
  const nombre = `Debito ${stamp()}`;
  const email = `debito.${stamp()}@e2e.test`;
  const created = await page.request.post('/v1/agregarusuario', {
    data: { nombre, edad: 41, correo: email, celular: 3815550004, plan: 1 },
  });
  expect(created.status()).toBe(201);
  const { idUsuario } = (await created.json()) as { idUsuario: string };

  // The member, on their phone.
  await context.clearCookies();
  await page.setViewportSize(PHONE);
  await page.goto('/socio/ingresar');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await page.getByText('Si tu e-mail está registrado en el gimnasio, te enviamos un enlace').waitFor();
  await page.goto(await portalLinkMailedTo(email));
  const card = page.getByRole('region', { name: 'Débito automático' });
  await card.getByRole('button', { name: 'Activar débito automático' }).click();

  // Mercado Pago's page (the fake's), then back to the portal.
  await page.getByRole('heading', { name: 'Suscribite con Mercado Pago (simulado)' }).waitFor();
  const preapprovalId = new URL(page.url()).searchParams.get('preapproval_id')!;
  await page.getByRole('button', { name: 'Autorizar el débito' }).click();
  await page.waitForURL('**/socio**');
  await card.getByTestId('debit-state').getByText(debitStateLabels.activo).waitFor();
  expect(await sidewaysScroll(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Three months charged: three receipts in the portal.
  for (const offset of [0, 1, 2]) await cycle(preapprovalId, offset);
  await page.reload();
  const receipts = page.getByRole('link', { name: /^Recibo R-\d{6}$/ });
  await receipts.nth(2).waitFor();
  expect(await receipts.count()).toBe(3);

  // The fourth is rejected: the member is told by e-mail, the desk lists it.
  await cycle(preapprovalId, 3, 'rejected');
  await mailTo(email, 10_000, 'Mercado Pago no pudo cobrar con tu débito automático');
  await context.clearCookies();
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInAsStaff(page);
  await page.goto('/membresias');
  const rejected = page.getByRole('region', { name: 'Débitos rechazados' });
  await rejected.getByText(`(${idUsuario})`, { exact: false }).waitFor();
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
}, 120_000);
