import type { Page } from 'playwright-core';
import { useBrowser } from '../browser';
import { notice, popupGone, sawNotice, signInAsStaff, stamp } from './admin-session';
import { mailTo } from './mailbox';

const s = useBrowser();

async function send(page: Page) {
  await page.getByRole('button', { name: 'Enviar' }).click();
  await notice(page, 'Tu mensaje ha sido enviado').waitFor();
  expect(await page.getByText('Tu mensaje no podido enviarse').count()).toBe(0);
  await sawNotice(page, 'Enhorabuena');
  await popupGone(page);
}

describe('staff send messages', () => {
  test('a message from /chat reaches the SMTP server, the form empties and the history says it was sent', async () => {
    const { page } = s;
    const email = `ana.gomez.${stamp()}@e2e.test`;
    const text = `Te esperamos el lunes ${stamp()}`;
    await signInAsStaff(page);
    await page.goto('/chat');
    await page.getByLabel('Nombre', { exact: true }).fill('Ana');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mensaje', { exact: true }).fill(text);
    await send(page);

    expect(await page.getByLabel('Mensaje', { exact: true }).inputValue()).toBe('');
    const mail = await mailTo(email);
    expect(mail.raw).toContain('Subject: Mensaje del Gimnasio');
    expect(mail.raw).toContain(text);
    const row = page.getByRole('region', { name: 'Mensajes enviados' }).getByRole('row').filter({ hasText: text });
    await row.getByText('Enviado', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL(/\/admin$/);
    expect(s.errors).toEqual([]);
  });

  test("the per-client form is prefilled from the client and the mail goes to the client's address", async () => {
    const { page } = s;
    const text = `Tu plan vence pronto ${stamp()}`;
    await signInAsStaff(page);
    await page.goto('/listadeusuarios');
    await page.getByRole('link', { name: 'Mensaje a Lucía Fernández' }).click();
    await page.waitForURL('**/chatparticular/demo-001');
    const name = page.getByLabel('Nombre', { exact: true });
    await name.and(page.locator('[value="Lucía Fernández"]')).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('lucia.fernandez@correo.com');
    await page.getByLabel('Mensaje', { exact: true }).fill(text);
    await send(page);

    const mail = await mailTo('lucia.fernandez@correo.com');
    expect(mail.raw).toContain(text);
    expect(await name.inputValue()).toBe('Lucía Fernández');
    const history = (await (await page.request.get('/v1/messages')).json()) as {
      messages: { idUsuario: string | null; user_message: string; status: string }[];
    };
    expect(history.messages.find((m) => m.user_message === text)).toMatchObject({
      idUsuario: 'demo-001',
      status: 'enviado',
    });
    await page.getByRole('link', { name: 'Volver' }).click();
    await page.waitForURL('**/listadeusuarios');
  });
});
