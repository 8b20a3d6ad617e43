import { contactMessageSchema, contactMessages as m } from '../contact';

const valid = { user_name: 'Ana Paz', user_email: 'ana.paz@correo.com', user_message: 'Tu clase es el lunes' };

const firstError = (values: object) => {
  try {
    contactMessageSchema.validateSync(values);
    return null;
  } catch (err) {
    return (err as { message: string }).message;
  }
};

describe('message schema (SPEC §5 message form)', () => {
  test('a valid message passes', () => {
    expect(firstError(valid)).toBeNull();
  });

  test.each([
    ['name missing', { user_name: '' }, m.nameRequired],
    ['name of 2', { user_name: 'Al' }, m.nameLength],
    ['name of 16', { user_name: 'x'.repeat(16) }, m.nameLength],
    ['email missing', { user_email: undefined }, m.emailRequired],
    ['email without @', { user_email: 'ana.paz.correo.com' }, m.emailInvalid],
    ['email with a space', { user_email: 'ana paz@correo.com' }, m.emailInvalid],
    ['email with a semicolon', { user_email: 'a@correo.com;b@correo.com' }, m.emailInvalid],
    ['email of 14', { user_email: 'ana@correo.co1' }, m.emailLength],
    ['email of 51', { user_email: `${'a'.repeat(40)}@correo.com` }, m.emailLength],
    ['message missing', { user_message: '' }, m.messageRequired],
    ['message of 3', { user_message: 'Hol' }, m.messageLength],
    ['message of 51', { user_message: 'x'.repeat(51) }, m.messageLength],
  ])('%s gives its message', (_story, change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });

  test('the limits themselves pass: 3 and 15, 15 and 50, 4 and 50', () => {
    expect(firstError({ user_name: 'Ana', user_email: 'ana@correo.com1', user_message: 'Hola' })).toBeNull();
    expect(
      firstError({
        user_name: 'x'.repeat(15),
        user_email: `${'a'.repeat(39)}@correo.com`,
        user_message: 'y'.repeat(50),
      }),
    ).toBeNull();
  });

  test('with a client (the per-client form) the email follows the client rule, 13 to 50', () => {
    const perClient = { ...valid, idUsuario: 'demo-001' };
    expect(firstError({ ...perClient, user_email: 'leo@gym.co.ar' })).toBeNull();
    expect(firstError({ ...valid, user_email: 'leo@gym.co.ar' })).toBe(m.emailLength);
    expect(firstError({ ...perClient, user_email: 'le@gym.co.ar' })).toBe(m.clientEmailLength);
    expect(firstError({ ...perClient, user_email: `${'a'.repeat(40)}@correo.com` })).toBe(m.clientEmailLength);
  });
});
