import { clientMessages as m, clientSchema, clientDeleteQuestion } from '../clients';
import { shiftMessages } from '../shifts';

const valid = {
  idUsuario: 'a1b2-c3_d4',
  nombre: 'Lucía Paz',
  edad: 24,
  correo: 'lucia.paz@correo.com',
  celular: 3815123456,
  plan: 1,
};

const firstError = (values: object) => {
  try {
    clientSchema.validateSync(values);
    return null;
  } catch (err) {
    return (err as { message: string }).message;
  }
};

describe('client schema (SPEC §5 user form)', () => {
  test('a valid client passes, without idUsuario, shift or trainer too', () => {
    expect(firstError(valid)).toBeNull();
    const { idUsuario: _omit, ...withoutId } = valid;
    expect(firstError(withoutId)).toBeNull();
  });

  test.each([
    ['nombre missing', { nombre: '' }, m.nombreRequired],
    ['nombre of 2', { nombre: 'Al' }, m.nombreLength],
    ['nombre of 16', { nombre: 'x'.repeat(16) }, m.nombreLength],
    ['nombre as an object', { nombre: { a: 1 } }, m.nombreLength],
    ['edad missing', { edad: '' }, m.edadRequired],
    ['edad 9', { edad: 9 }, m.edadRange],
    ['edad 101', { edad: 101 }, m.edadRange],
    ['edad 30.5', { edad: 30.5 }, m.edadNumber],
    ['edad as a list', { edad: [30] }, m.edadNumber],
    ['correo missing', { correo: undefined }, m.correoRequired],
    ['correo without @', { correo: 'lucia.correo.com.ar' }, m.correoInvalid],
    ['correo with two @', { correo: 'lucia@paz@correo.com' }, m.correoInvalid],
    ['correo with a space', { correo: 'lucia @correo.com' }, m.correoInvalid],
    ['correo with a comma (two addresses)', { correo: 'a@b.com,c@d.com' }, m.correoInvalid],
    ['correo of 12', { correo: 'ana@gym.com1' }, m.correoLength],
    ['correo of 51', { correo: `${'a'.repeat(43)}@gym.com` }, m.correoLength],
    ['celular missing', { celular: undefined }, m.celularRequired],
    ['celular 1111111110', { celular: 1111111110 }, m.celularRange],
    ['celular 1000000000000', { celular: 1000000000000 }, m.celularRange],
    ['celular with dashes', { celular: '381-512-3456' }, m.celularNumber],
    ['plan missing', { plan: undefined }, m.planRequired],
    ['plan 0', { plan: 0 }, m.planRange],
    ['plan 10', { plan: '010' }, m.planRange],
    ['an unknown shift', { turno: 'Madrugada' }, shiftMessages.turnoInvalid],
    ['an empty trainer', { entrenador: ' ' }, shiftMessages.entrenadorInvalid],
    ['idUsuario with a space', { idUsuario: 'a b' }, m.idUsuarioInvalid],
    ['idUsuario of 65', { idUsuario: 'x'.repeat(65) }, m.idUsuarioInvalid],
  ])('%s gives its message', (_story, change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });

  test('the limits themselves pass, numbers may come as text, and an empty idUsuario means none', () => {
    const input = clientSchema.validateSync({
      idUsuario: '',
      nombre: '  Leo  ',
      edad: '10',
      correo: 'leo@gym.co.ar',
      celular: '999999999999',
      plan: '009',
      turno: 'Noche',
      entrenador: ' Carla Ruiz ',
    });
    expect(input).toEqual({
      nombre: 'Leo',
      edad: 10,
      correo: 'leo@gym.co.ar',
      celular: 999999999999,
      plan: 9,
      turno: 'Noche',
      entrenador: 'Carla Ruiz',
    });
    expect(firstError({ ...valid, nombre: 'x'.repeat(15), edad: 100, celular: 1111111111 })).toBeNull();
    expect(firstError({ ...valid, correo: `${'a'.repeat(42)}@gym.com` })).toBeNull();
    expect(clientSchema.validateSync({ ...valid, celular: '381 512 3456' }).celular).toBe(3815123456);
  });

  test('the delete question names the client', () => {
    expect(clientDeleteQuestion('abc')).toBe(
      'Estas seguro de querer eliminar los datos del usuario abc de manera definitiva?',
    );
  });
});
