import type * as yup from 'yup';
import { closingSchema } from '../reports';
import { differenceText } from '../format-money';
import {
  formatMoneyInput,
  moneyInputMessages,
  moneyInputText,
  parseMoneyInput,
  typedCentavos,
  withTypedMoney,
} from '../money-input';
import { paymentSchema } from '../memberships';
import { centavos, type Centavos } from '../money';
import { planMessages, planSchema } from '../plans';
import { productMessages } from '../messages';
import { productSchema } from '../products';

const centavosOf = (text: string) => {
  const read = parseMoneyInput(text);
  return read.ok ? read.centavos : read.message;
};

describe('an amount read as an Argentine types it', () => {
  test.each([
    ['7.400', 740_000],
    ['7400', 740_000],
    ['7.400,50', 740_050],
    ['7400,50', 740_050],
    ['7,4', 740],
    ['7,40', 740],
    ['7,', 700],
    ['7.400,', 740_000],
    ['0,50', 50],
    ['0', 0],
    ['$ 7.400', 740_000],
    ['$7.400,5', 740_050],
    ['$\u00a07.400', 740_000],
    [' 7.400 ', 740_000],
    ['7 400', 740_000],
    ['1.250.000', 125_000_000],
    ['25.000', 2_500_000],
    ['999', 99_900],
  ])('"%s" is %i centavos', (text, centavos) => {
    expect(parseMoneyInput(text)).toEqual({ ok: true, centavos });
  });

  test.each([
    ['7.40', 'a dot that cannot be grouping: 7,40 or a 7.400 cut short?'],
    ['7.4', 'the same, one digit'],
    ['7400.5', 'a decimal point typed by habit'],
    ['1.23.456', 'groups of other than three'],
    ['12.3456', 'a group of four'],
    ['7,405', 'three decimals'],
    ['7,4,5', 'two commas'],
    ['siete mil', 'letters'],
    ['7400a', 'a letter after the digits'],
    ['-7400', 'a negative'],
    ['-', 'a sign alone'],
    ['', 'nothing'],
    ['   ', 'spaces only'],
    [',50', 'no whole pesos'],
    ['$', 'the sign alone'],
    ['12345678901234', 'more digits than any amount'],
  ])('"%s" (%s)', (text, _why) => {
    expect(parseMoneyInput(text)).toEqual({ ok: false, message: 'Ingresá un monto válido, como 7.400 o 7.400,50' });
  });
});

describe('the field as it is typed', () => {
  test.each([
    ['7', '7'],
    ['74', '74'],
    ['740', '740'],
    ['7400', '7.400'],
    ['74000', '74.000'],
    ['1250000', '1.250.000'],
    // typed with the dot, key by key: "7." "7.4" "7.40" stay as typed, "7.400" is grouped
    ['7.', '7.'],
    ['7.4', '7.4'],
    ['7.40', '7.40'],
    ['7.400', '7.400'],
    ['7.4000', '74.000'],
    ['7.400,', '7.400,'],
    ['7.400,5', '7.400,5'],
    ['7.400,50', '7.400,50'],
    ['7400,50', '7.400,50'],
    ['7,4', '7,4'],
    // the centavos stay as typed (a third decimal is for the parser to refuse)
    ['7,405', '7,405'],
    [',5', '0,5'],
    ['007', '7'],
    ['$ 7400', '7.400'],
    ['7a4b00', '7.400'],
    ['-7400', '7.400'],
    ['', ''],
  ])('"%s" shows "%s"', (typed, shown) => {
    expect(formatMoneyInput(typed)).toBe(shown);
  });

  test('deleting: the dots are grouping, put back where they go', () => {
    expect(formatMoneyInput('7.00', { deleting: true })).toBe('700');
    expect(formatMoneyInput('7.40', { deleting: true })).toBe('740');
    expect(formatMoneyInput('74.00', { deleting: true })).toBe('7.400');
  });

  test('what the field shows reads back as the same amount', () => {
    for (const text of ['7400', '7.400', '7.400,50', '7,4', '1250000,05']) {
      const shown = formatMoneyInput(text);
      expect([text, centavosOf(shown)]).toEqual([text, centavosOf(text)]);
    }
  });

  test('an amount to edit shows as it would be typed', () => {
    expect([740_000, 740_050, 740_005, 740, 0, 125_000_000].map((n) => moneyInputText(centavos(n)))).toEqual([
      '7.400',
      '7.400,50',
      '7.400,05',
      '7,40',
      '0',
      '1.250.000',
    ]);
  });
});

describe('the forms read the typed text through the API’s own rules', () => {
  test('the caja takes centavos: "7.400" is 740000, blank is the required message, "7.40" is refused', () => {
    const counted = closingSchema.fields.contadoCentavos as yup.NumberSchema<Centavos | undefined>;
    const schema = closingSchema.shape({ contadoCentavos: typedCentavos(counted) });
    expect(schema.validateSync({ contadoCentavos: '7.400', nota: '' })).toEqual({ contadoCentavos: 740_000, nota: '' });
    expect(schema.validateSync({ contadoCentavos: '7.400,50' }).contadoCentavos).toBe(740_050);
    expect(schema.validateSync({ contadoCentavos: '7,4' }).contadoCentavos).toBe(740);
    expect(() => schema.validateSync({ contadoCentavos: '' })).toThrow('Ingresá el efectivo que contaste en la caja');
    expect(() => schema.validateSync({ contadoCentavos: '7.40' })).toThrow(moneyInputMessages.unreadable);
    expect(() => schema.validateSync({ contadoCentavos: '100.000.000,01' })).toThrow(
      'El efectivo contado va en pesos, de 0 a 100.000.000, con hasta dos decimales',
    );
    // A number (an API body) is whole centavos as it comes.
    expect(schema.validateSync({ contadoCentavos: 740_050 }).contadoCentavos).toBe(740_050);
    expect(() => closingSchema.validateSync({ contadoCentavos: 7400.5 })).toThrow(
      'El efectivo contado va en pesos, de 0 a 100.000.000, con hasta dos decimales',
    );
  });

  test('the product: the spec’s "min 1" message still shows; the rest of the product is untouched', () => {
    const schema = withTypedMoney(productSchema, 'precio');
    const product = {
      nombre: 'Guantes',
      categoria: ['accesorios'],
      imagen: '/img/productos/guantes.png',
      descripcion: 'De cuero',
      portada: 'false',
      talle: [],
      color: [],
      stock: 3,
    };
    expect(schema.validateSync({ ...product, precio: '7.400,50' }).precio).toBe(7400.5);
    expect(() => schema.validateSync({ ...product, precio: '0' })).toThrow(productMessages.precioMin);
    expect(() => schema.validateSync({ ...product, precio: '7,405' })).toThrow(moneyInputMessages.unreadable);
    expect(() => schema.validateSync({ ...product, precio: 7 })).not.toThrow();
  });

  test('the plan: precio read into pesos, the monthly fee into centavos, each with its range message', () => {
    const fee = planSchema.fields.cuotaMensualCentavos as yup.NumberSchema<Centavos | undefined>;
    const schema = withTypedMoney(planSchema, 'precio').shape({ cuotaMensualCentavos: typedCentavos(fee) });
    const plan = { idPlan: 3, nombrePlan: 'boxeo', description: 'tres veces' };
    expect(schema.validateSync({ ...plan, precio: '7.400', cuotaMensualCentavos: '28.000,50' })).toMatchObject({
      precio: 7400,
      cuotaMensualCentavos: 2_800_050,
    });
    expect(() => schema.validateSync({ ...plan, precio: '7,4', cuotaMensualCentavos: '28.000' })).toThrow(
      planMessages.precioRange,
    );
    expect(() => schema.validateSync({ ...plan, precio: '7.400', cuotaMensualCentavos: '999,99' })).toThrow(
      planMessages.cuotaRange,
    );
  });

  test('the payment takes centavos: what is typed is read into them, and absent is the plan’s price', () => {
    const typed = parseMoneyInput('25.000');
    expect(typed).toEqual({ ok: true, centavos: 2_500_000 });
    const centavos = typed.ok ? typed.centavos : undefined;
    const body = { amountCentavos: centavos, method: 'efectivo', months: 1 };
    expect(paymentSchema.validateSync(body).amountCentavos).toBe(2_500_000);
    expect(paymentSchema.validateSync({ method: 'efectivo', months: 1 }).amountCentavos).toBeUndefined();
  });
});

test('a cash difference reads as the desk says it', () => {
  expect(differenceText(centavos(0))).toBe('sin diferencia');
  expect(differenceText(centavos(-10_000))).toBe('faltan $\u00a0100');
  expect(differenceText(centavos(5_050))).toBe('sobran $\u00a050,50');
});
