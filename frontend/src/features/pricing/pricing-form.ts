import * as yup from 'yup';
import { parseMoneyInput, moneyInputMessages } from '@gym/contracts/money-input';
import {
  DEFAULT_ROUNDING_CENTAVOS,
  PRICE_CHANGE_CATEGORIES,
  PRICE_CHANGE_KINDS,
  pricingMessages as m,
  type PriceChangeInput,
  type PriceChangeKind,
} from '@gym/contracts/pricing';

/**
 * The Precios screen's form (issue 47) as the owner fills it: the amount and the percentage as
 * typed, the plans and categories as the checkboxes hold them. The same rules as the API's, with
 * its Spanish messages, so most mistakes show under their field before anything is sent.
 */
export interface PriceChangeFormValues {
  fecha: string;
  tipo: PriceChangeKind;
  /** `monto`: the new fee as typed ("12.500"); `porcentaje`: the percentage as typed ("7,5"); `ipc`: unused. */
  valor: string;
  /** Centavos, as the select holds it ("10000" = $ 100). */
  redondeoCentavos: string;
  /** Plan numbers, as the checkboxes hold them. */
  planes: string[];
  categorias: string[];
  /** The second confirmation of a percentage over 100. */
  confirmado: boolean;
}

export const emptyPriceChange = (fecha: string): PriceChangeFormValues => ({
  fecha,
  tipo: 'porcentaje',
  valor: '',
  redondeoCentavos: String(DEFAULT_ROUNDING_CENTAVOS),
  planes: [],
  categorias: [],
  confirmado: false,
});

/** "7,5", "7.5", "-10" and "7,5 %" are read; anything else is undefined. */
export function parsePercentInput(text: string): number | undefined {
  const bare = text.replace(/[\s%]/g, '').replace(',', '.');
  return /^-?\d{1,4}(\.\d{1,2})?$/.test(bare) ? Number(bare) : undefined;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const priceChangeFormSchema: yup.ObjectSchema<PriceChangeFormValues> = yup.object({
  fecha: yup.string().required(m.invalidDate).matches(ISO_DATE, m.invalidDate),
  tipo: yup.mixed<PriceChangeKind>().oneOf(PRICE_CHANGE_KINDS, m.invalidKind).required(m.invalidKind),
  valor: yup
    .string()
    .default('')
    .test('valor', (text, ctx) => {
      const tipo = (ctx.parent as PriceChangeFormValues).tipo;
      const value = text ?? '';
      if (tipo === 'monto') {
        if (value.trim() === '') return ctx.createError({ message: m.amountRequired });
        const read = parseMoneyInput(value);
        if (!read.ok) return ctx.createError({ message: moneyInputMessages.unreadable });
        return read.centavos > 0 || ctx.createError({ message: m.invalidValue });
      }
      if (tipo === 'porcentaje') {
        if (value.trim() === '') return ctx.createError({ message: m.percentageRequired });
        const percentage = parsePercentInput(value);
        if (percentage === undefined) return ctx.createError({ message: m.percentageUnreadable });
        if (percentage === 0) return ctx.createError({ message: m.invalidValue });
        return percentage > -100 || ctx.createError({ message: m.percentageTooLow });
      }
      return true;
    }),
  redondeoCentavos: yup
    .string()
    .required(m.invalidRounding)
    .matches(/^\d{1,8}$/, m.invalidRounding),
  planes: yup
    .array(yup.string().required())
    .default([])
    .test('planes', m.noPlans, (planes, ctx) => {
      const categorias = (ctx.parent as PriceChangeFormValues).categorias ?? [];
      return (planes ?? []).length > 0 || categorias.length > 0;
    }),
  categorias: yup
    .array(yup.string().oneOf(PRICE_CHANGE_CATEGORIES, m.unknownCategory).required())
    .default([])
    .test(
      'categorias',
      m.amountForCategories,
      (categorias, ctx) => (categorias ?? []).length === 0 || (ctx.parent as PriceChangeFormValues).tipo !== 'monto',
    ),
  confirmado: yup
    .boolean()
    .default(false)
    .test('confirmado', m.percentageNeedsConfirmation, (confirmado, ctx) => {
      const { tipo, valor } = ctx.parent as PriceChangeFormValues;
      if (tipo !== 'porcentaje') return true;
      return (parsePercentInput(valor ?? '') ?? 0) <= 100 || confirmado === true;
    }),
});

/** Whether the form asks for the second confirmation: a percentage over 100. */
export const needsConfirmation = (values: Pick<PriceChangeFormValues, 'tipo' | 'valor'>) =>
  values.tipo === 'porcentaje' && (parsePercentInput(values.valor) ?? 0) > 100;

/** What the API gets from a valid form: the amount in centavos, the plans as numbers, no empty categories. */
export function toPriceChangeInput(values: PriceChangeFormValues): PriceChangeInput {
  const amount = parseMoneyInput(values.valor);
  const percentage = parsePercentInput(values.valor);
  return {
    fecha: values.fecha,
    tipo: values.tipo,
    ...(values.tipo === 'monto' && { valor: amount.ok ? amount.centavos : -1 }),
    ...(values.tipo === 'porcentaje' && { valor: percentage ?? 0 }),
    redondeoCentavos: Number(values.redondeoCentavos),
    planes: values.planes.map(Number),
    ...(values.categorias.length > 0 && { categorias: values.categorias }),
    confirmado: values.confirmado,
  };
}
