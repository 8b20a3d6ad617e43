import { formatPlanNumber, planMessages as m, planSchema } from '../plans';

const valid = {
  idPlan: 4,
  nombrePlan: 'Funcional',
  description: 'Circuitos en grupo',
  precio: 1800,
  cuotaMensualCentavos: 2_800_000,
};

const firstError = (values: object) => {
  try {
    planSchema.validateSync(values);
    return null;
  } catch (err) {
    return (err as { message: string }).message;
  }
};

describe('plan schema (SPEC §5 plan form)', () => {
  test('a valid plan passes, with name and description in upper case', () => {
    expect(planSchema.validateSync({ ...valid, nombrePlan: ' boxeo ñandú ', description: 'clases' })).toEqual({
      ...valid,
      nombrePlan: 'BOXEO ÑANDÚ',
      description: 'CLASES',
    });
  });

  test.each([
    ['idPlan missing', { idPlan: undefined }, m.idPlanRequired],
    ['idPlan 0', { idPlan: 0 }, m.idPlanRange],
    ['idPlan 10', { idPlan: 10 }, m.idPlanRange],
    ['idPlan 2.5', { idPlan: 2.5 }, m.idPlanRange],
    ['idPlan as words', { idPlan: 'dos' }, m.idPlanRange],
    ['name missing', { nombrePlan: '' }, m.nombrePlanRequired],
    ['name of 31', { nombrePlan: 'n'.repeat(31) }, m.nombrePlanMax],
    ['name as a list', { nombrePlan: ['A'] }, m.nombrePlanRequired],
    ['description missing', { description: '   ' }, m.descriptionRequired],
    ['description of 81', { description: 'd'.repeat(81) }, m.descriptionMax],
    ['price missing', { precio: undefined }, m.precioRequired],
    ['price 999', { precio: 999 }, m.precioRange],
    ['price 100001', { precio: 100001 }, m.precioRange],
    ['a price with fractions of a centavo', { precio: 2500.125 }, m.precioCentavos],
    ['price as words', { precio: 'mil' }, m.precioNumber],
    ['no monthly fee', { cuotaMensualCentavos: undefined }, m.cuotaRequired],
    ['a monthly fee below $ 1.000', { cuotaMensualCentavos: 99_999 }, m.cuotaRange],
    ['a monthly fee above $ 1.000.000', { cuotaMensualCentavos: 100_000_001 }, m.cuotaRange],
    ['a monthly fee with a fraction of a centavo', { cuotaMensualCentavos: 28000.5 }, m.cuotaNumber],
    ['a codigoPlan with a slash', { codigoPlan: 'a/b' }, m.codigoPlanInvalid],
  ])('%s gives its message', (_story, change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });

  test('the limits themselves pass', () => {
    expect(firstError({ ...valid, idPlan: 1, nombrePlan: 'n'.repeat(30), precio: 1000 })).toBeNull();
    expect(firstError({ ...valid, idPlan: 9, description: 'd'.repeat(80), precio: 100000 })).toBeNull();
  });

  test("plans are shown as '00' + idPlan", () => {
    expect(formatPlanNumber(3)).toBe('003');
  });
});
