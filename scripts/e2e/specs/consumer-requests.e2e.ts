import { useBrowser } from '../browser';
import { seriousViolations, sidewaysScroll, stamp } from './admin-session';
import { mailTo, readable } from './mailbox';

/** Issue 45 (Disposición 954/2025): the Botón de baja from any page's footer, on a phone, with no sign-in. */
const s = useBrowser();

describe('the Botón de baja on a 390 px phone', () => {
  test('the footer link opens the form; the request answers with a código de baja on screen and by e-mail', async () => {
    const { page } = s;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/boxeo');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('link', { name: 'Botón de arrepentimiento' }).waitFor();
    const link = footer.getByRole('link', { name: 'Botón de baja' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL('**/baja');
    await page.getByRole('heading', { level: 1, name: 'Botón de baja' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Sent empty: each rule in Spanish under its field, nothing asked of the API.
    await page.getByRole('button', { name: 'Pedir la baja' }).click();
    await page.getByText('Escribí tu nombre y apellido').waitFor();
    await page.getByText('Escribí tu DNI o tu e-mail').waitFor();

    const email = `baja.${stamp()}@correo.com`;
    await page.getByLabel('Nombre y apellido').fill('Marta Luna');
    await page.getByLabel('DNI o e-mail').fill(email);
    await page.getByRole('checkbox', { name: 'Débito automático' }).check();
    await page.getByLabel('Motivo (opcional)').fill('Me mudo a Salta');
    await page.getByRole('button', { name: 'Pedir la baja' }).click();

    const code = page.getByTestId('consumer-code');
    await code.waitFor();
    const codigo = (await code.textContent())!.trim();
    expect(codigo).toMatch(/^BAJA-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const box = (await code.boundingBox())!;
    expect(box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await sidewaysScroll(page)).toBe(0);
    expect(readable((await mailTo(email, 10_000, codigo)).raw)).toContain(`Código de baja: ${codigo}`);
    expect(s.errors).toEqual([]);
  });
});
