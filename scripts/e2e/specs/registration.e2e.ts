import type { Locator, Page } from 'playwright-core';
import { E2E_SECRETS, useBrowser } from '../browser';
import { notice, sawNotice } from './admin-session';

const s = useBrowser();

async function openRegistration(page: Page): Promise<Locator> {
  await page.goto('/ecommercehome');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  const prompt = page.getByRole('dialog', { name: 'Código de staff' });
  await prompt.getByLabel('Código').fill(E2E_SECRETS.STAFF_CODE);
  await prompt.getByRole('button', { name: 'Verificar' }).click();
  await notice(page, 'Codigo correcto').waitFor();
  const form = page.getByRole('dialog', { name: 'Registro' });
  await form.waitFor();
  return form;
}

async function fill(form: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: true }).fill(value);
}

async function submitExpecting(form: Locator, message: string) {
  await form.getByRole('button', { name: 'Registrarme' }).click();
  await form.getByText(message).waitFor();
}

describe('staff registration', () => {
  test('a wrong staff code says "Codigo incorrecto" and opens nothing', async () => {
    const { page } = s;
    await page.goto('/ecommercehome');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const prompt = page.getByRole('dialog', { name: 'Código de staff' });
    const code = prompt.getByLabel('Código');
    expect(await code.getAttribute('type')).toBe('password');
    expect(await code.getAttribute('maxlength')).toBe('10');
    await code.fill('incorrecto');
    await prompt.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Codigo incorrecto').waitFor();
    expect(await page.getByRole('dialog', { name: 'Registro' }).count()).toBe(0);
  });

  test('the checks speak in their order; the new account registers and then signs in', async () => {
    const { page } = s;
    const form = await openRegistration(page);
    await form.getByText('El campo nombre es requerido').waitFor();
    await fill(form, { Password: 'x', 'Confirm Password': 'y' });
    await form.getByText('Las contraseñas no coinciden').waitFor();
    await submitExpecting(form, 'Las contraseñas deben coincidir');
    await fill(form, { 'Confirm Password': 'x' });
    await submitExpecting(form, 'Los campos son obligatorios');
    await fill(form, { Nombre: 'Luc4s', Apellido: 'G0mez', Email: 'lucas-sin-arroba' });
    expect(await form.getByText('El campo nombre es requerido').count()).toBe(0);
    await submitExpecting(form, 'Debes escribir un email valido');
    const email = `lucas.${Date.now()}@e2e.test`;
    await fill(form, { Email: email });
    await submitExpecting(form, 'El nombre no debe contener numeros o caracteres especiales');
    await fill(form, { Nombre: 'Lucas' });
    await submitExpecting(form, 'El apellido no debe contener numeros o caracteres especiales');
    await fill(form, { Apellido: 'Gómez' });
    await submitExpecting(
      form,
      'La contraseña debe tener por lo menos un caracter en mayuscula, uno en minuscula, y 8 caracteres minimos',
    );

    await fill(form, { Password: 'Entrena2026', 'Confirm Password': 'Entrena2026' });
    await form.getByRole('button', { name: 'Registrarme' }).click();
    await notice(page, 'Registro exitoso').waitFor();
    await sawNotice(page, 'Registrado');
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe('');

    await form.getByRole('button', { name: 'Iniciá sesión' }).click();
    const login = page.getByRole('dialog', { name: 'Login' });
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill('Entrena2026');
    await login.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL('**/admin', { timeout: 10_000 });
    expect(s.errors).toEqual([]);
  });

  test('an e-mail already registered is refused with "hay algun error en tu registro"', async () => {
    const { page } = s;
    const form = await openRegistration(page);
    await fill(form, {
      Nombre: 'Otro',
      Apellido: 'Admin',
      Email: E2E_SECRETS.ADMIN_EMAIL,
      Password: 'Entrena2026',
      'Confirm Password': 'Entrena2026',
    });
    await form.getByRole('button', { name: 'Registrarme' }).click();
    await page.getByRole('heading', { name: 'Error' }).waitFor();
    await page.getByText('hay algun error en tu registro').waitFor();
  });
});
