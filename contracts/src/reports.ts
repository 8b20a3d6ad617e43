import * as yup from 'yup';
import { trimmedText } from './fields';
import { formatMoney } from './format-money';
import { centavos, plus, ZERO, type Centavos } from './money';
import { centavosNumber } from './products';

/** The methods money comes in by, in the order the closing lists them. */
export const CLOSING_METHODS = ['efectivo', 'transferencia', 'tarjeta', 'mercadopago'] as const;
export type ClosingMethod = (typeof CLOSING_METHODS)[number];

/**
 * A period's income, the one definition every screen and the accountant's export share (issue 40):
 * membership payments that stand (cuotas: not voided) and shop orders paid in the period and not
 * cancelled (tienda), each by the method it came in by, in the period's Tucumán months. Integer
 * centavos, and each field says so: the spec does not fix these fields (issue 43).
 */
export interface PeriodIncome {
  porMetodo: Record<ClosingMethod, { cuotasCentavos: Centavos; tiendaCentavos: Centavos }>;
  cuotasCentavos: Centavos;
  tiendaCentavos: Centavos;
  totalCentavos: Centavos;
}

/** A period with no income: what `addIncome` starts from. */
export const emptyIncome = (): PeriodIncome => ({
  porMetodo: Object.fromEntries(
    CLOSING_METHODS.map((k) => [k, { cuotasCentavos: ZERO, tiendaCentavos: ZERO }]),
  ) as PeriodIncome['porMetodo'],
  cuotasCentavos: ZERO,
  tiendaCentavos: ZERO,
  totalCentavos: ZERO,
});

/** Two periods' income together (the months of a year). */
export function addIncome(a: PeriodIncome, b: PeriodIncome): PeriodIncome {
  const sum = emptyIncome();
  for (const k of CLOSING_METHODS) {
    sum.porMetodo[k] = {
      cuotasCentavos: plus(a.porMetodo[k].cuotasCentavos, b.porMetodo[k].cuotasCentavos),
      tiendaCentavos: plus(a.porMetodo[k].tiendaCentavos, b.porMetodo[k].tiendaCentavos),
    };
  }
  return {
    porMetodo: sum.porMetodo,
    cuotasCentavos: plus(a.cuotasCentavos, b.cuotasCentavos),
    tiendaCentavos: plus(a.tiendaCentavos, b.tiendaCentavos),
    totalCentavos: plus(a.totalCentavos, b.totalCentavos),
  };
}

/** A method's income from both sources. */
export const methodTotal = (income: PeriodIncome, method: ClosingMethod): Centavos =>
  plus(income.porMetodo[method].cuotasCentavos, income.porMetodo[method].tiendaCentavos);

/** The income as the panel and Reportes state it: "$ 33.100 (cuotas $ 27.500, tienda $ 5.600)". */
export const incomeSummary = (income: Pick<PeriodIncome, 'totalCentavos' | 'cuotasCentavos' | 'tiendaCentavos'>) =>
  `${formatMoney(income.totalCentavos)} (cuotas ${formatMoney(income.cuotasCentavos)}, tienda ${formatMoney(income.tiendaCentavos)})`;

/** What "ingresos" counts, said the same way wherever the figure is shown. */
export const INCOME_DEFINITION =
  'Cuotas cobradas y pedidos de la tienda pagados; no cuentan los pagos anulados ni los pedidos cancelados.';

/**
 * Who counts as an active member today, on the panel and in Reportes: a client (not archived) whose
 * cuota is paid until today or later and whose membership is not paused.
 */
export const ACTIVE_MEMBERS_DEFINITION =
  'Con la cuota al día hoy (pagada hasta hoy o después); no cuentan los socios en pausa ni los archivados.';

/**
 * What the system expects one person to have taken in a shift, per method: amounts in integer
 * centavos, named for it (the counts `pagos`, `pedidos`, `anulados` are not money).
 */
export interface CashExpectation {
  /** The shift: since this person's last closing (or the start of today in Tucumán) until now. */
  desde: string;
  hasta: string;
  porMetodo: Record<ClosingMethod, { cuotasCentavos: Centavos; pedidosCentavos: Centavos }>;
  /** Cash expected in the drawer: membership payments and shop orders taken in cash. */
  efectivoCentavos: Centavos;
  /** How many membership payments and orders marked paid count, and payments voided that do not. */
  pagos: number;
  pedidos: number;
  anulados: number;
}

/** A cash closing: immutable once made. Amounts in integer centavos. */
export interface CashClosing {
  id: string;
  staff: { email: string; nombre: string };
  desde: string;
  hasta: string;
  esperado: CashExpectation;
  /** The cash counted, as the closing's request sent it. */
  contadoCentavos: Centavos;
  /** contadoCentavos − esperado.efectivoCentavos: negative is missing cash, positive is extra. */
  diferenciaCentavos: Centavos;
  nota: string | null;
}

export const closingMessages = {
  countedRequired: 'Ingresá el efectivo que contaste en la caja',
  countedInvalid: 'El efectivo contado va en pesos, de 0 a 100.000.000, con hasta dos decimales',
  noteMax: 'La nota puede tener hasta 300 caracteres',
  noteRequired: 'Hay diferencia con lo esperado: escribí una nota que la explique',
  closed: 'Caja cerrada',
  justClosed: 'Ya cerraste tu caja hace un momento: mirá tus cierres abajo.',
  notFound: 'No encontramos ese cierre de caja',
  invalidDate: 'La fecha va como aaaa-mm-dd',
} as const;

/** The most cash a closing takes: $ 100.000.000, in centavos. */
export const COUNTED_MAX_CENTAVOS = centavos(10_000_000_000);

/**
 * A closing's request: the cash counted in whole centavos (`contadoCentavos`, $ 0 to
 * $ 100.000.000; the form reads what was typed with money-input.ts) and, when it does not match
 * what was expected, why.
 */
export const closingSchema = yup.object({
  contadoCentavos: centavosNumber(closingMessages.countedInvalid)
    .required(closingMessages.countedRequired)
    .min(0, closingMessages.countedInvalid)
    .max(COUNTED_MAX_CENTAVOS, closingMessages.countedInvalid),
  nota: trimmedText(closingMessages.noteMax).max(300, closingMessages.noteMax).optional(),
});

export type ClosingInput = yup.InferType<typeof closingSchema>;

/** The accountant's export of a month or a year (issue 30, part 3): every payment and paid order. */
/** The month or year as CSV or XLSX, or the month's "Libro IVA Ventas" (issue 44): its authorised vouchers, CSV. */
export const ACCOUNTING_FORMATS = ['csv', 'xlsx', 'libro-iva'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** A month as the reports and the export take it: 'aaaa-mm'. */
export const isYearMonth = (value: unknown): value is string => typeof value === 'string' && YEAR_MONTH.test(value);

export const accountingMessages = {
  invalidMonth: 'El mes va como aaaa-mm (por ejemplo 2027-01)',
  invalidYear: 'El año va como aaaa (por ejemplo 2027)',
  invalidFormat: 'El formato es csv, xlsx o libro-iva',
  libroIvaMonthOnly: 'El Libro IVA Ventas es de un mes: pedilo con mes=aaaa-mm',
} as const;

/** The export's columns, in order. */
export const ACCOUNTING_HEADER = [
  'Fecha',
  'Comprobante',
  'Socio o comprador',
  'Concepto',
  'Medio de pago',
  'Monto',
  'Estado',
  // The line's authorised Factura C (issue 44); empty while it has none.
  'Tipo',
  'Punto de venta',
  'Número',
  'CAE',
] as const;

/**
 * The "Libro IVA Ventas"-style month (issue 44): one row per voucher ARCA authorised, by its date.
 * The gym is monotributista: its vouchers are C, with no IVA to discriminate.
 */
export const LIBRO_IVA_HEADER = [
  'Fecha',
  'Tipo',
  'Código',
  'Punto de venta',
  'Número',
  'Doc. tipo',
  'Doc. número',
  'Importe total',
  'CAE',
  'Vto. CAE',
] as const;

/** A line's authorised Factura C as the accountant's export prints it (issue 44). */
export interface LineInvoice {
  tipo: 'Factura C';
  /** '0003' */
  puntoDeVenta: string;
  /** '00000123' */
  numero: string;
  cae: string;
}

/** One voucher of the "Libro IVA Ventas": an authorised Factura C or Nota de Crédito C. */
export interface LibroIvaVoucher {
  /** Its date, 'aaaa-mm-dd'. */
  fecha: string;
  tipo: 'Factura C' | 'Nota de Crédito C';
  codigo: 11 | 13;
  puntoDeVenta: string;
  numero: string;
  docTipo: number;
  docNro: string;
  totalCentavos: Centavos;
  cae: string;
  /** 'aaaa-mm-dd' */
  caeVence: string;
}

/** ARCA's receiver document types as the Libro IVA names them: the word and its code. */
export const docTipoLabel = (code: number) =>
  `${({ 80: 'CUIT', 86: 'CUIL', 96: 'DNI', 99: 'Consumidor final' } as Record<number, string>)[code] ?? 'Otro'} (${code})`;

/** The words of the Libro IVA's lines after its vouchers. */
export const libroIvaTexts = {
  facturas: 'Total facturas',
  notas: 'Total notas de crédito',
  neto: 'Neto (facturas − notas de crédito)',
  monotributo:
    'Monotributo: comprobantes C (Factura C, Nota de Crédito C), sin IVA discriminado; el importe total es el neto.',
} as const;

/**
 * The owner's reports over time (issue 30, part 2): twelve Tucumán months ending with the one
 * asked for (`hasta=aaaa-mm`), each series one value per month. Amounts in integer centavos, and
 * their fields say so (`…Centavos`).
 */
export interface IncomeReport {
  /** 'aaaa-mm', oldest first. */
  meses: string[];
  /** Membership payments and paid shop orders, by the method they came in by. */
  porMetodoCentavos: Record<ClosingMethod, Centavos[]>;
  /** Membership payments by plan (each plan paid in the year), then the shop as one more row. */
  porPlan: { nombre: string; montosCentavos: Centavos[] }[];
  /** Each month's income by source: membership payments (cuotas) and paid shop orders (tienda). */
  porFuenteCentavos: { cuotas: Centavos[]; tienda: Centavos[] };
  totalCentavos: Centavos[];
}

export interface MembersReport {
  meses: string[];
  /**
   * Members on the month's last day (today, for the month under way): paid for that day, or between
   * two paid periods at most 30 days apart.
   */
  activos: number[];
  /** Members who start paying in the month with no paid day in the 30 days before. */
  altas: number[];
  /** Members whose first day without cuota falls in the month and who did not renew within 30 days. */
  bajas: number[];
  /** Periods that ended after this day may still be renewed: they are not counted as lost yet. */
  bajasHasta: string;
  /**
   * Active members today, as the panel counts them (ACTIVE_MEMBERS_DEFINITION); the month under
   * way's `activos` is this figure when the twelve months reach today.
   */
  activosHoy: number;
}

export interface AttendanceReport {
  /** The twelve weeks counted, as 'aaaa-mm-dd' days in Tucumán. */
  desde: string;
  hasta: string;
  /** Check-ins let through, [weekday: 0 lunes … 6 domingo][hour: 0 … 23]. */
  porDiaYHora: number[][];
  total: number;
}

export interface ShopReport {
  meses: string[];
  /** The year's best-selling products by amount, then the rest together as "Otros productos". */
  productos: { nombre: string; unidades: number[]; montosCentavos: Centavos[] }[];
}

export const reportMessages = {
  invalidMonth: accountingMessages.invalidMonth,
  shop: 'Tienda',
  otherProducts: 'Otros productos',
} as const;
