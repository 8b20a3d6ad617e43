import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { membershipMessages } from '@gym/contracts/memberships';
import { whatsappDeskMessages as wd } from '@gym/contracts/whatsapp';
import { useBrowser } from '../browser';
import { popup, popupGone, sawNotice, seriousViolations, signInAsStaff, stamp } from './admin-session';

// Issue 46: the stack runs with the fake WhatsApp Cloud API (global-setup.js), which posts each
// message's signed statuses to the API's webhook.
const s = useBrowser();
const ROOT = path.resolve(__dirname, '../../..');

test('a receipt sent by WhatsApp shows in the client’s messages until read; the panel lists members at risk', async () => {
  const { page, errors } = s;
  await signInAsStaff(page);
  const created = await page.request.post('/v1/agregarusuario', {
    data: {
      nombre: `WA ${stamp()}`,
      edad: 35,
      correo: `whatsapp.${stamp()}@e2e.test`,
      celular: 3815000000 + Number(stamp().slice(-6)),
      plan: 1,
    },
  });
  expect(created.status()).toBe(201);
  const { idUsuario } = (await created.json()) as { idUsuario: string };

  // The member said yes at the desk; a month paid; its receipt sent by WhatsApp.
  await page.goto(`/editarusuario/${idUsuario}`);
  const section = page.getByRole('region', { name: 'WhatsApp', exact: true });
  await section.getByRole('button', { name: wd.recordYes }).click();
  await sawNotice(page, wd.accepted);
  await page.getByLabel('Meses').fill('1');
  await page.getByLabel('Medio de pago').selectOption('efectivo');
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  await popup(page, /^¿Registrar el pago de \$/)
    .getByRole('button', { name: 'Sí, registrar' })
    .click();
  await sawNotice(page, 'Pago registrado');
  await popupGone(page);
  await page.getByRole('button', { name: /^WhatsApp con el recibo R-\d{6}$/ }).click();
  await sawNotice(page, membershipMessages.receiptQueued);

  // The job sends it (in the API every 30 s; on PostgreSQL the CLI runs it at once); the fake says
  // sent, delivered and read, and the section, asking again by itself, shows it read.
  if (process.env.DATABASE_URL) {
    const env = JSON.parse(process.env.E2E_API_ENV ?? '{}') as Record<string, string>;
    await promisify(execFile)(process.execPath, ['backend/dist/cli.js', 'jobs:run', 'enviar-whatsapp'], {
      cwd: ROOT,
      env,
    });
  }
  const messages = section.getByRole('list', { name: 'Mensajes por WhatsApp' });
  await messages
    .getByRole('listitem')
    .filter({ hasText: 'Recibo listo' })
    .getByText('Leído')
    .waitFor({ timeout: 100_000 });
  expect(await seriousViolations(page)).toEqual([]);

  // The panel: members who stopped coming (the seed's members have no visits), each linked.
  await page.goto('/admin');
  const risk = page.getByTestId('members-at-risk');
  await risk.getByRole('heading', { name: /^Socios en riesgo/ }).waitFor();
  expect(await risk.getByRole('row').count()).toBeGreaterThan(1);
  await risk.getByRole('link').first().waitFor();
  expect(errors).toEqual([]);
}, 180_000);
