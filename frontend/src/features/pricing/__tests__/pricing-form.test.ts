import { moneyInputMessages } from '@gym/contracts/money-input';
import { pricingMessages as m } from '@gym/contracts/pricing';
import {
  emptyPriceChange,
  parsePercentInput,
  priceChangeFormSchema,
  toPriceChangeInput,
  type PriceChangeFormValues,
} from '../pricing-form';

const form = (patch: Partial<PriceChangeFormValues>): PriceChangeFormValues => ({
  ...emptyPriceChange('2027-01-15'),
  planes: ['1'],
  valor: '7,5',
  ...patch,
});

/** The first message the schema gives for these values, by field. */
const errorsOf = (values: PriceChangeFormValues) => {
  try {
    priceChangeFormSchema.validateSync(values, { abortEarly: false });
    return {};
  } catch (err) {
    const inner = (err as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
};

test('a percentage is read with a comma or a point, a sign and a % sign; anything else is not', () => {
  expect(['7,5', '7.5', '-10', '7,5 %', '150'].map(parsePercentInput)).toEqual([7.5, 7.5, -10, 7.5, 150]);
  expect(['', 'diez', '7,555', '1.000,5', '--1'].map(parsePercentInput)).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
});

test("each mistake is named on its field with the API's message", () => {
  expect(errorsOf(form({}))).toEqual({});
  expect(errorsOf(form({ valor: '' }))).toEqual({ valor: m.percentageRequired });
  expect(errorsOf(form({ valor: 'diez' }))).toEqual({ valor: m.percentageUnreadable });
  expect(errorsOf(form({ valor: '0' }))).toEqual({ valor: m.invalidValue });
  expect(errorsOf(form({ valor: '-100' }))).toEqual({ valor: m.percentageTooLow });
  expect(errorsOf(form({ valor: '150' }))).toEqual({ confirmado: m.percentageNeedsConfirmation });
  expect(errorsOf(form({ valor: '150', confirmado: true }))).toEqual({});
  expect(errorsOf(form({ tipo: 'monto', valor: '' }))).toEqual({ valor: m.amountRequired });
  expect(errorsOf(form({ tipo: 'monto', valor: '0' }))).toEqual({ valor: m.invalidValue });
  expect(errorsOf(form({ tipo: 'monto', valor: '12.50' }))).toEqual({ valor: moneyInputMessages.unreadable });
  expect(errorsOf(form({ tipo: 'ipc', valor: '' }))).toEqual({});
  expect(errorsOf(form({ planes: [] }))).toEqual({ planes: m.noPlans });
  expect(errorsOf(form({ planes: [], categorias: ['accesorios'] }))).toEqual({});
  expect(errorsOf(form({ tipo: 'monto', valor: '12.500', categorias: ['equipos'] }))).toEqual({
    categorias: m.amountForCategories,
  });
  expect(errorsOf(form({ fecha: '15/01/2027' }))).toEqual({ fecha: m.invalidDate });
});

test('the API gets centavos, plan numbers, and categories only when chosen', () => {
  expect(toPriceChangeInput(form({ tipo: 'monto', valor: '12.500,50' }))).toEqual({
    fecha: '2027-01-15',
    tipo: 'monto',
    valor: 1250050,
    redondeoCentavos: 10000,
    planes: [1],
    confirmado: false,
  });
  expect(toPriceChangeInput(form({ categorias: ['accesorios'], planes: [] }))).toEqual({
    fecha: '2027-01-15',
    tipo: 'porcentaje',
    valor: 7.5,
    redondeoCentavos: 10000,
    planes: [],
    categorias: ['accesorios'],
    confirmado: false,
  });
  expect(toPriceChangeInput(form({ tipo: 'ipc', valor: '' }))).not.toHaveProperty('valor');
});
