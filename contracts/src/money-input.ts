import type * as yup from 'yup';
import { centavos, toPesos, type Centavos } from './money';

/**
 * What a person types as an amount, read as people in Argentina write it: "." groups thousands,
 * "," starts the centavos. "7.400" is seven thousand four hundred pesos, never 7,40. Every money
 * field of the site (the desk's and the members') reads through parseMoneyInput, and shows what is
 * being typed through formatMoneyInput.
 */
export const moneyInputMessages = {
  unreadable: 'Ingresá un monto válido, como 7.400 o 7.400,50',
} as const;

export type MoneyReading = { ok: true; centavos: Centavos } | { ok: false; message: string };

/** Whole pesos, grouped by "." in threes ("7.400", "1.250.000") or not at all ("7400"); then ",", and 0–2 centavos. */
const MONEY_TEXT = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{0,2}))?$/;
/** Far above any amount the forms allow, and exact in centavos (below 2^53). */
const MAX_WHOLE_DIGITS = 13;

/**
 * "7.400" and "7400" are 740000 centavos, "7.400,50" 740050, "7,4" 740; "$ 7.400" and spaces are
 * fine. "7.40" (is it 7,40 or a 7.400 cut short?), "7,405" (three decimals), letters, a sign and
 * nothing at all are not read: the answer says how to write it.
 */
export function parseMoneyInput(text: string): MoneyReading {
  const bare = text.replace(/\s/g, '').replace(/^\$/, '');
  const match = MONEY_TEXT.exec(bare);
  const whole = match?.[1]?.replace(/\./g, '');
  if (!match || !whole || whole.length > MAX_WHOLE_DIGITS) return { ok: false, message: moneyInputMessages.unreadable };
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  return { ok: true, centavos: centavos(Number(whole) * 100 + cents) };
}

/** Whole pesos in groups of three: "7400" is "7.400"; leading zeros go ("007" is "7"). */
const grouped = (digits: string) => digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * The field's text as it is typed: thousands grouped with "." ("7400" shows "7.400"), the centavos
 * after "," kept as they are typed. Anything but digits, "." and "," is dropped. A "." followed by
 * fewer than three digits at the end ("7.4") may be a "7.400" on its way or a decimal point typed by
 * habit: it stays as typed, so the person sees it and the parser says how to write it; when
 * `deleting`, the dots are only grouping and are put back where they go ("7.00" after deleting the
 * 4 of "7.400" is "700").
 */
export function formatMoneyInput(text: string, { deleting = false } = {}): string {
  const kept = text.replace(/[^\d.,]/g, '');
  const comma = kept.indexOf(',');
  if (comma < 0) {
    if (!deleting && /\.\d{0,2}$/.test(kept)) return kept;
    return grouped(kept.replace(/\./g, ''));
  }
  const whole = grouped(kept.slice(0, comma).replace(/\./g, '')) || '0';
  return `${whole},${kept.slice(comma + 1).replace(/[.,]/g, '')}`;
}

/** An amount as the field shows it to be edited: 740000 is "7.400", 740050 "7.400,50". */
export function moneyInputText(amount: Centavos): string {
  const whole = grouped(String(Math.trunc(amount / 100)));
  const centavos = amount % 100;
  return centavos === 0 ? whole : `${whole},${String(centavos).padStart(2, '0')}`;
}

/** The pesos a field's text holds (the unit the spec's JSON and the API's bodies carry), or undefined. */
export function pesosOfInput(text: string): number | undefined {
  const read = parseMoneyInput(text);
  return read.ok ? toPesos(read.centavos) : undefined;
}

/** The centavos a field's text holds ("7.400,50" is 740050), or undefined. */
export function centavosOfInput(text: string): Centavos | undefined {
  const read = parseMoneyInput(text);
  return read.ok ? read.centavos : undefined;
}

/**
 * A form's field for an amount the API takes in centavos (`…Centavos`): the text a person typed is
 * read by parseMoneyInput into centavos, then checked by the API's own rule for the field. Blank is
 * absent; text it cannot read gets moneyInputMessages.unreadable.
 */
export function typedCentavos<S extends yup.NumberSchema<Centavos | undefined>>(field: S): S {
  return field
    .transform((value: unknown, original: unknown) => {
      if (typeof original !== 'string') return value;
      if (original.trim() === '') return undefined;
      return centavosOfInput(original) ?? NaN;
    })
    .typeError(moneyInputMessages.unreadable) as S;
}

/**
 * A form's money field: the text a person typed is read by parseMoneyInput into pesos, then checked
 * by the API's own rule for the field (its range, its messages). Blank is absent (the field's
 * "required" message); text it cannot read gets moneyInputMessages.unreadable. The API keeps its
 * schemas as they are: its JSON carries pesos as numbers.
 */
export function typedMoney<S extends yup.NumberSchema<number | undefined>>(field: S): S {
  return field
    .transform((value: unknown, original: unknown) => {
      if (typeof original !== 'string') return value;
      if (original.trim() === '') return undefined;
      return pesosOfInput(original) ?? NaN;
    })
    .typeError(moneyInputMessages.unreadable) as S;
}

/** `schema` with its money `fields` read from what a person typed (typedMoney); the rest as it was. */
export function withTypedMoney<T extends yup.AnyObject>(
  schema: yup.ObjectSchema<T>,
  ...fields: (keyof T & string)[]
): yup.ObjectSchema<T> {
  const typed = Object.fromEntries(
    fields.map((name) => [name, typedMoney(schema.fields[name] as unknown as yup.NumberSchema<number | undefined>)]),
  );
  return schema.shape(typed) as unknown as yup.ObjectSchema<T>;
}
