import { firstRegistrationError, registrationSchema } from '../accounts';
import { registrationMessages as m } from '../messages';

const valid = {
  name: 'María José',
  lastname: "D'Angelo",
  email: 'maria@gym.com',
  password: 'Fuerza2026',
  confirmPassword: 'Fuerza2026',
};

describe('registration rules, in the order of SPEC §5', () => {
  test('a complete, valid form passes', () => {
    expect(firstRegistrationError(valid)).toBeNull();
  });

  test.each([
    [
      'passwords differ (checked first, even with other fields empty)',
      { ...valid, name: '', confirmPassword: 'Otra2026x' },
      'confirmPassword',
      m.passwordsMustMatch,
    ],
    ['name empty', { ...valid, name: '  ' }, 'name', m.required],
    ['last name empty', { ...valid, lastname: '' }, 'lastname', m.required],
    ['email empty', { ...valid, email: '' }, 'email', m.required],
    [
      'password empty (and confirmation empty)',
      { ...valid, password: '', confirmPassword: '' },
      'password',
      m.required,
    ],
    ['email without a domain dot', { ...valid, email: 'maria@gym' }, 'email', m.invalidEmail],
    ['email with a space', { ...valid, email: 'ma ria@gym.com' }, 'email', m.invalidEmail],
    [
      'name with a digit (before an invalid last name)',
      { ...valid, name: 'María2', lastname: 'P3rez' },
      'name',
      m.invalidName,
    ],
    ['name with a special character', { ...valid, name: 'Ana!' }, 'name', m.invalidName],
    [
      'last name with a digit (before a weak password)',
      { ...valid, lastname: 'Gómez1', password: 'abc', confirmPassword: 'abc' },
      'lastname',
      m.invalidLastname,
    ],
    [
      'password without an uppercase letter',
      { ...valid, password: 'fuerza2026', confirmPassword: 'fuerza2026' },
      'password',
      m.weakPassword,
    ],
    [
      'password without a digit',
      { ...valid, password: 'FuerzaTotal', confirmPassword: 'FuerzaTotal' },
      'password',
      m.weakPassword,
    ],
    [
      'password of 7 characters',
      { ...valid, password: 'Fuerz26', confirmPassword: 'Fuerz26' },
      'password',
      m.weakPassword,
    ],
    [
      'password of 17 characters',
      { ...valid, password: 'Fuerza2026Fuerza2', confirmPassword: 'Fuerza2026Fuerza2' },
      'password',
      m.weakPassword,
    ],
    [
      'password with a space',
      { ...valid, password: 'Fuerza 2026', confirmPassword: 'Fuerza 2026' },
      'password',
      m.weakPassword,
    ],
  ])('%s', (_story, values, field, message) => {
    expect(firstRegistrationError(values)).toEqual({ field, message });
  });

  test('accents, ñ, apostrophe, degree sign and spaces are allowed in names', () => {
    expect(firstRegistrationError({ ...valid, name: 'Ñandú Ángel', lastname: "O'Higgins N° Úrsula" })).toBeNull();
  });

  test('without a confirmation field (the API), rule 1 is skipped', () => {
    const { confirmPassword: _c, ...api } = valid;
    expect(firstRegistrationError(api)).toBeNull();
  });

  test('the Yup schema reports the first failing rule on its field', async () => {
    await expect(registrationSchema.validate({ ...valid, email: 'x' })).rejects.toMatchObject({
      path: 'email',
      message: m.invalidEmail,
    });
  });

  test('the exact spec texts', () => {
    expect(m.passwordsMustMatch).toBe('Las contraseñas deben coincidir');
    expect(m.passwordsDoNotMatchHint).toBe('Las contraseñas no coinciden');
    expect(m.required).toBe('Los campos son obligatorios');
    expect(m.invalidEmail).toBe('Debes escribir un email valido');
    expect(m.invalidName).toBe('El nombre no debe contener numeros o caracteres especiales');
    expect(m.invalidLastname).toBe('El apellido no debe contener numeros o caracteres especiales');
    expect(m.weakPassword).toBe(
      'La contraseña debe tener por lo menos un caracter en mayuscula, uno en minuscula, y 8 caracteres minimos',
    );
    expect(m.nameRequiredHint).toBe('El campo nombre es requerido');
  });
});
