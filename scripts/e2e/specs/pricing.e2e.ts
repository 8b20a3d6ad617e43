import { formatMoney } from '@gym/contracts/format-money';
import { addDays, formatDate, tucumanToday } from '@gym/contracts/membership-dates';
import { centavos } from '@gym/contracts/money';
import { pricingMessages } from '@gym/contracts/pricing';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, seriousViolations, sidewaysScroll, signInAsStaff, stamp } from './admin-session';
import { mailTo, portalLinkMailedTo, readable } from './mailbox';

// Issue 47: the owner schedules a rise for YOGA 30 days ahead (the notice period), sees every
// member's fee before and after, and a member of the plan finds it on their phone.
const s = useBrowser();
const PHONE = { width: 390, height: 844 };

test('the owner previews and schedules a 10 % rise; the member sees the banner on a 390 px phone', async () => {
  const { page, context, errors } = s;
  await signInAsStaff(page);
  const plans = (await (await page.request.get('/v1/obtenerlistadeplanes')).json()) as {
    idPlan: number;
    nombrePlan: string;
    cuotaMensualCentavos: number;
  }[];
  const yoga = plans.find((p) => p.nombrePlan === 'YOGA')!;
  // A member of YOGA of this test's own (nothing paid ahead: the rise reaches them).
  const MEMBER = { nombre: `Precio ${stamp()}`, email: `precio.${stamp()}@e2e.test` };
  const created = await page.request.post('/v1/agregarusuario', {
    data: { nombre: MEMBER.nombre, edad: 29, correo: MEMBER.email, celular: 3815550003, plan: yoga.idPlan },
  });
  expect(created.status()).toBe(201);
  const before = centavos(yoga.cuotaMensualCentavos);
  // 10 % more, rounded to $ 100 (the gym's default step).
  const after = centavos(Math.round((before * 1.1) / 10_000) * 10_000);
  const fecha = addDays(tucumanToday(new Date()), 30);

  await page.goto('/admin/precios');
  await page.getByRole('heading', { level: 1, name: 'Precios' }).waitFor();
  // The stack cannot reach the series API and production reads no stand-in: the owner is told so.
  await page.getByText(pricingMessages.noIpc).first().waitFor();
  const form = page.getByRole('form', { name: 'Cambio de precio' });
  await form.getByLabel(/^YOGA \(/).check();
  await form.getByLabel('Un porcentaje').check();
  await form.getByLabel('Porcentaje (%)').fill('10');
  await form.getByLabel('Desde el').fill(fecha);
  await form.getByRole('button', { name: 'Ver vista previa' }).click();

  const members = page.getByRole('table', { name: 'Socios del cambio' });
  const row = members.getByRole('row').filter({ hasText: MEMBER.nombre });
  await row.waitFor();
  const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
  expect(plain(await row.textContent())).toContain(`${plain(formatMoney(before))}${plain(formatMoney(after))}`);
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByRole('button', { name: 'Programar cambio' }).click();
  await popup(page, '¿Programar el cambio de precio?').getByRole('button', { name: 'Programar' }).click();
  await sawNotice(page, 'Cambio programado: avisamos a los socios.');
  await popupGone(page);

  // The notice by e-mail, with both fees and the date.
  const notice = readable((await mailTo(MEMBER.email, 10_000, 'Cambio en el precio')).raw);
  expect(plain(notice)).toContain(plain(formatMoney(after)));
  expect(notice).toContain(formatDate(fecha));

  // The member, on their phone, asks for a link and finds the banner.
  await context.clearCookies();
  await page.setViewportSize(PHONE);
  await page.goto('/socio/ingresar');
  await page.getByLabel('E-mail').fill(MEMBER.email);
  await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await page.getByText('Si tu e-mail está registrado en el gimnasio, te enviamos un enlace').waitFor();
  await page.goto(await portalLinkMailedTo(MEMBER.email));
  const banner = page.getByRole('status', { name: 'Cambio de precio' });
  await banner.waitFor();
  expect(plain(await banner.textContent())).toBe(
    plain(
      `Cambia el precio de tu cuota` +
        `Desde el ${formatDate(fecha)} la cuota de tu plan pasa de ${formatMoney(before)} a ${formatMoney(after)}.`,
    ),
  );
  expect(await sidewaysScroll(page)).toBe(0);
  expect(await seriousViolations(page)).toEqual([]);
  // The IPC unknown (409) and the portal asked before signing in (401) are answers, not faults.
  expect(errors.filter((e) => !/status of (401|409)/.test(e))).toEqual([]);
});
