import { DEFAULT_WEATHER_CITY, weatherMessages, weatherQuerySchema } from '../weather';
import { SHIFTS, shiftChangeSchema, shiftMessages } from '../shifts';

const errorOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (err) {
    return (err as { message: string }).message;
  }
};

describe('shift change', () => {
  test('the shifts are Mañana, Tarde and Noche, in that order', () => {
    expect(SHIFTS).toEqual(['Mañana', 'Tarde', 'Noche']);
  });

  test.each([
    [{ turno: 'Tarde', entrenador: 'Carla Ruiz' }, null],
    [{ turno: 'tarde', entrenador: 'Carla Ruiz' }, shiftMessages.turnoInvalid],
    [{ entrenador: 'Carla Ruiz' }, shiftMessages.turnoInvalid],
    [{ turno: 'Noche' }, shiftMessages.entrenadorInvalid],
    [{ turno: 'Noche', entrenador: { nombre: 'x' } }, shiftMessages.entrenadorInvalid],
  ])('%p → %p', (body, message) => {
    expect(errorOf(() => shiftChangeSchema.validateSync(body))).toBe(message);
  });
});

describe('weather city', () => {
  test.each([[{}], [{ city: '' }], [{ city: '   ' }]])('%p means Tucumán', (query) => {
    expect(weatherQuerySchema.validateSync(query)).toEqual({ city: DEFAULT_WEATHER_CITY });
  });

  test.each([['Tucumán'], ['San Miguel de Tucumán'], ['a'.repeat(50)]])('%s is accepted', (city) => {
    expect(weatherQuerySchema.validateSync({ city })).toEqual({ city });
  });

  test.each([['Tucuman1'], ['<b>'], ['a'.repeat(51)], [['Salta', 'Jujuy']], ['Salta&key=1']])(
    '%p is refused with its message',
    (city) => {
      expect(errorOf(() => weatherQuerySchema.validateSync({ city }))).toBe(weatherMessages.cityInvalid);
    },
  );
});
