import { useBrowser } from '../browser';
import { popup, sawNotice, seriousViolations, sidewaysScroll, signInAsStaff } from './admin-session';
import { portalLinkMailedTo as linkMailedTo } from './mailbox';
import { photo } from './photo';

const s = useBrowser();
const PHONE = { width: 390, height: 844 };

describe('the members’ portal on a 390 px phone', () => {
  test('staff send the access by e-mail; the link opens the member’s page once; Salir closes it', async () => {
    const { page, context } = s;
    await signInAsStaff(page);
    await page.goto('/editarusuario/demo-012');
    await page.getByRole('heading', { name: 'Portal del socio' }).waitFor();
    await page.getByRole('button', { name: 'Enviar acceso por e-mail' }).click();
    await sawNotice(page, 'Le enviamos el enlace de acceso por e-mail');
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
    expect(await sidewaysScroll(page)).toBe(0);
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

  test('a transfer’s photo from the phone, approved at the desk: paid-until moves and the receipt is there', async () => {
    const { page, context } = s;
    await signInAsStaff(page);
    await page.goto('/editarusuario/demo-008');
    await page.getByRole('button', { name: 'Enviar acceso por e-mail' }).click();
    await sawNotice(page, 'Le enviamos el enlace de acceso por e-mail');
    const link = await linkMailedTo('benja.paz@correo.com');

    await context.clearCookies();
    await page.setViewportSize(PHONE);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Hola, Benjamín Paz' }).waitFor();
    const stateBefore = await page.getByTestId('member-state').textContent();
    const file = { name: 'transferencia.png', mimeType: 'image/png', buffer: photo(600, 900) };
    await page.getByLabel('Comprobante').setInputFiles(file);
    await page.getByLabel('Monto ($)').fill('25.000');
    await page.getByRole('button', { name: 'Enviar comprobante' }).click();
    await page.getByText('Recibimos tu comprobante').waitFor();
    await page.getByText('En revisión').waitFor();
    const member = await context.storageState();

    await context.clearCookies();
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInAsStaff(page);
    await page.goto('/membresias?estado=comprobantes');
    const upload = page.getByRole('article', { name: 'Comprobante de Benjamín Paz' });
    await upload.getByRole('img', { name: 'Comprobante de Benjamín Paz' }).waitFor();
    await upload.getByRole('button', { name: 'Aprobar' }).click();
    await popup(page, /¿Registrar el pago de \$\s25\.000 de Benjamín Paz\?/)
      .getByRole('button', { name: 'Sí, aprobar' })
      .click();
    await sawNotice(page, 'Pago registrado con el comprobante');

    await context.clearCookies();
    await context.addCookies(member.cookies);
    await page.setViewportSize(PHONE);
    await page.goto('/socio');
    await page.getByText(/^Aprobado$/).waitFor();
    expect(await page.getByTestId('member-state').textContent()).not.toBe(stateBefore);
    const receipt = page.getByRole('link', { name: /^Recibo R-\d{6}$/ }).first();
    const pdf = await page.request.get((await receipt.getAttribute('href'))!);
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);
  });
});
