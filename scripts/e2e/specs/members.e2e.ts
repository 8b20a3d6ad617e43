import { useBrowser } from '../browser';
import { popup, seriousViolations, signInAsStaff } from './admin-session';
import { mailTo, readable } from './mailbox';

const s = useBrowser();
const PHONE = { width: 390, height: 844 };

/** The portal link of the newest mail to `address`, as a path the browser opens. */
async function linkMailedTo(address: string): Promise<string> {
  const text = readable((await mailTo(address)).raw);
  const link = /https:\/\/[^/\s]+(\/socio\/entrar#[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!link) throw new Error(`no portal link in the mail to ${address}`);
  return link;
}

describe('the members’ portal on a 390 px phone', () => {
  test('staff send the access by e-mail; the link opens the member’s page once; Salir closes it', async () => {
    const { page, context } = s;
    await signInAsStaff(page);
    await page.goto('/editarusuario/demo-012');
    await page.getByRole('heading', { name: 'Portal del socio' }).waitFor();
    await page.getByRole('button', { name: 'Enviar acceso por e-mail' }).click();
    await popup(page, 'Le enviamos el enlace de acceso por e-mail').waitFor();
    const link = await linkMailedTo('agustin.vera@correo.com');

    // The member, on their phone: another browser, no staff cookie.
    await context.clearCookies();
    await page.setViewportSize(PHONE);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Hola, Agustín Vera' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/socio');
    expect(new URL(page.url()).hash).toBe('');
    await page.getByTestId('member-state').waitFor();
    await page.getByTestId('member-apto').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // The same link again (a forwarded mail, the back button): spent.
    await context.clearCookies();
    await page.goto(link);
    await page.getByText('El enlace ya se usó o venció').waitFor();

    await page.goto(link.replace(/#.*/, '').replace('/entrar', ''));
    await page.getByText('Para ver tu cuenta, entrá con el enlace que te enviamos.').waitFor();
    expect(s.errors.filter((e) => !/401|400/.test(e))).toEqual([]);
  });

  test('asking for a link by e-mail: the neutral answer, the mail, and Salir', async () => {
    const { page } = s;
    await page.setViewportSize(PHONE);
    await page.goto('/socio/ingresar');
    await page.getByLabel('E-mail').fill('Julieta.Alvarez@correo.com');
    await page.getByRole('button', { name: 'Enviarme el enlace' }).click();
    await page.getByText('Si tu e-mail está registrado en el gimnasio, te enviamos un enlace').waitFor();
    await page.goto(await linkMailedTo('julieta.alvarez@correo.com'));
    await page.getByRole('heading', { name: 'Hola, Julieta Álvarez' }).waitFor();
    await page.getByRole('button', { name: 'Salir' }).click();
    await page.getByText('Cerraste la sesión').waitFor();
    await page.goto('/socio');
    await page.getByText('Para ver tu cuenta, entrá con el enlace que te enviamos.').waitFor();
  });
});
