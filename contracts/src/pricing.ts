import { CATEGORIES } from './catalog';
import type { Centavos } from './money';

/** Scheduled price changes indexed to the IPC (issue 47): what the API and the screens share. */

export const PRICE_CHANGE_KINDS = ['monto', 'porcentaje', 'ipc'] as const;
export type PriceChangeKind = (typeof PRICE_CHANGE_KINDS)[number];

export const PRICE_CHANGE_STATUSES = ['programado', 'avisado', 'aplicado', 'cancelado'] as const;
export type PriceChangeStatus = (typeof PRICE_CHANGE_STATUSES)[number];

/** Amounts are rounded to this step by default: $ 100. */
export const DEFAULT_ROUNDING_CENTAVOS = 10000;

/** Why a member is left out of a change. */
export const EXCLUSION_REASONS = {
  prepago: 'Pagó por adelantado más allá de la fecha: conserva el precio por los meses pagados',
  pausa: 'Tiene la membresía en pausa',
  archivado: 'Está archivado',
} as const;
export type ExclusionReason = keyof typeof EXCLUSION_REASONS;

/** What the owner sends to preview or schedule a change. */
export interface PriceChangeInput {
  /** 'aaaa-mm-dd', at least AVISO_PRECIO_DIAS days from today. */
  fecha: string;
  tipo: PriceChangeKind;
  /** `monto`: the new fee in centavos; `porcentaje`: the percentage (10.5); `ipc`: ignored. */
  valor?: number;
  /** Round the new fee to this step (centavos; 10000 = $ 100). */
  redondeoCentavos?: number;
  planes: number[];
  /**
   * Shop categories whose products' prices change too (only by a percentage or the IPC): each
   * product's price on the date, rounded the same way.
   */
  categorias?: string[];
  /** A percentage over 100 needs it. */
  confirmado?: boolean;
}

/** The shop categories a change can name: every one the catalogue has ('all' is the whole shop). */
export const PRICE_CHANGE_CATEGORIES = CATEGORIES;

/** How the owner reads a category in the Precios screen. */
export const priceCategoryLabels: Record<(typeof CATEGORIES)[number], string> = {
  all: 'Toda la tienda',
  accesorios: 'Accesorios',
  equipos: 'Equipos',
  indumentaria: 'Indumentaria',
};

/** A product of the chosen categories, with its price now and after the change. */
export interface PriceProductItem {
  id: string;
  nombre: string;
  precioActualCentavos: Centavos;
  precioNuevoCentavos: Centavos;
}

/** The products a change reaches: how many, and a few of them as examples. */
export interface PriceProductsPreview {
  categorias: string[];
  cantidad: number;
  ejemplos: PriceProductItem[];
}

export interface PricePlanItem {
  idPlan: number;
  nombrePlan: string;
  cuotaActualCentavos: Centavos;
  cuotaNuevaCentavos: Centavos;
}

export interface PreviewMember {
  idUsuario: string;
  nombre: string;
  idPlan: number;
  cuotaActualCentavos: Centavos;
  cuotaNuevaCentavos: Centavos;
  pagadoHasta: string | null;
}

export interface ExcludedMember extends PreviewMember {
  motivo: ExclusionReason;
  motivoTexto: string;
}

export interface PricePreview {
  fecha: string;
  tipo: PriceChangeKind;
  /** The percentage applied (the IPC's monthly change for `ipc`), when it is one. */
  porcentaje: number | null;
  /** The IPC month used ('aaaa-mm'), for `ipc`. */
  mesIpc: string | null;
  planes: PricePlanItem[];
  afectados: PreviewMember[];
  excluidos: ExcludedMember[];
  ingresoMensualAntesCentavos: Centavos;
  ingresoMensualDespuesCentavos: Centavos;
  /** The shop's products the change reaches (computed on today's prices; applied on the date's). */
  productos: PriceProductsPreview;
}

export interface PriceChangeView {
  id: string;
  fecha: string;
  tipo: PriceChangeKind;
  valor: number;
  mesIpc: string | null;
  redondeoCentavos: number;
  estado: PriceChangeStatus;
  avisoEnviadoEn: string | null;
  aplicadoEn: string | null;
  planes: PricePlanItem[];
  /** Shop categories whose products change too. */
  categorias: string[];
  createdAt: string;
}

export interface IpcView {
  /** 'aaaa-mm' of the last value. */
  mes: string;
  valor: number;
  /** Its change over the month before, in percent (3.7), rounded to 2 decimals. */
  variacionMensual: number | null;
  fuente: 'api' | 'csv';
  leidoEn: string;
}

/** A notice of a coming price change, for the member's portal banner. */
export interface PriceNoticeView {
  id: string;
  fecha: string;
  plan: string;
  cuotaActualCentavos: Centavos;
  cuotaNuevaCentavos: Centavos;
  texto: string;
}

export interface IpcReportMonth {
  mes: string;
  ingresoCentavos: Centavos;
  /** The month's income in pesos of the last IPC month (null without that month's IPC). */
  ingresoRealCentavos: Centavos | null;
  ipc: number | null;
}

export interface IpcReportChange {
  id: string;
  fecha: string;
  planes: string[];
  /** Bajas asked for in the 60 days from the change's date. */
  bajas60Dias: number;
}

export interface IpcReport {
  /** The IPC month income is deflated to ('aaaa-mm'); null without IPC values. */
  base: string | null;
  meses: IpcReportMonth[];
  cambios: IpcReportChange[];
}

export const pricingMessages = {
  invalidDate: 'Escribí la fecha como AAAA-MM-DD',
  dateInPast: 'La fecha ya pasó: elegí una fecha futura.',
  dateTooSoon: (dias: number, desde: string) =>
    `Los socios tienen que enterarse con ${dias} días de anticipación: elegí una fecha desde el ${desde}.`,
  invalidKind: 'Elegí cómo cambia el precio: un monto, un porcentaje o la inflación del último mes.',
  invalidValue: 'Escribí un valor mayor que cero.',
  invalidAmount: 'El monto tiene que ser un número entero de centavos mayor que cero.',
  invalidRounding: 'El redondeo tiene que ser un número entero de centavos entre 1 y 10.000.000.',
  noPlans: 'Elegí al menos un plan o una categoría de la tienda.',
  unknownPlan: 'Uno de los planes elegidos no existe.',
  unknownCategory: 'Una de las categorías elegidas no existe en la tienda.',
  amountForCategories:
    'Un monto no sirve para una categoría entera de la tienda: elegí un porcentaje o la inflación del último mes.',
  productTooLow: (producto: string) => `Con este cambio el precio de ${producto} quedaría por debajo de $ 1.`,
  categorySameDate: (categoria: string, fecha: string) =>
    `La categoría ${categoria} ya tiene un cambio de precio programado para el ${fecha}.`,
  percentageNeedsConfirmation: 'Un aumento de más del 100 % necesita una segunda confirmación: revisalo y confirmalo.',
  resultNotPositive: (plan: string) => `Con este cambio la cuota de ${plan} quedaría en cero o menos.`,
  sameDate: (plan: string, fecha: string) =>
    `El plan ${plan} ya tiene un cambio de precio programado para el ${fecha}.`,
  noIpc:
    'No pudimos leer el IPC (ni de la API de datos.gob.ar ni del archivo guardado). El cambio por inflación espera hasta que se pueda leer: probá más tarde o elegí un monto o un porcentaje.',
  notFound: 'No encontramos ese cambio de precio.',
  alreadyNoticed: 'Los socios ya fueron avisados de este cambio: solo se puede posponer.',
  notPostponable: 'Solo se puede posponer un cambio programado que todavía no se aplicó.',
  postponeLater: 'La fecha nueva tiene que ser posterior a la fecha programada.',
  cancelled: 'Listo: cancelamos el cambio de precio.',
  noticeSubject: 'Cambio en el precio de tu cuota',
  amountRequired: 'Escribí la cuota nueva.',
  percentageRequired: 'Escribí el porcentaje.',
  percentageUnreadable: 'Escribí el porcentaje con números, como 7,5.',
  percentageTooLow: 'Con una baja del 100 % o más las cuotas quedarían en cero o menos.',
} as const;
