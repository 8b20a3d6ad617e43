import * as yup from 'yup';
import type { Centavos } from './money';

/** An electronic invoice's state (issue 44): waiting for ARCA, authorised with a CAE, refused, or not invoiced. */
export const INVOICE_STATES = ['pendiente', 'autorizada', 'rechazada', 'sin_factura'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** One invoice as the staff's Facturas screen reads it; money in centavos, days as 'aaaa-mm-dd'. */
export interface InvoiceView {
  id: string;
  tipo: 'Factura C' | 'Nota de Crédito C';
  cbteTipo: 11 | 13;
  /** `0003-00000123` once authorised; null while waiting. */
  numero: string | null;
  estado: InvoiceState;
  detalle: string;
  totalCentavos: Centavos;
  fecha: string | null;
  cae: string | null;
  caeVence: string | null;
  /** ARCA's own words, `(código) mensaje`, for a rejected one (and the last problem of a waiting one). */
  mensajeArca: string | null;
  /** What staff can do about it, in Spanish. */
  queHacer: string | null;
  intentos: number;
  /** Who the invoice is made out to: a DNI (null: consumidor final sin identificar) and RG 5616's condition. */
  receptor: { dni: string | null; condicionIvaReceptor: number };
  pagoId: string | null;
  pedidoId: string | null;
  facturaAsociadaId: string | null;
  creadaAt: string;
}

export interface InvoiceMonthSummary {
  mes: string;
  /** Facturas authorised in the month less their credit notes: what ARCA has of the month. */
  facturadoCentavos: Centavos;
  facturasCentavos: Centavos;
  notasCreditoCentavos: Centavos;
  /** Still waiting for ARCA. */
  pendienteCentavos: Centavos;
  /** The month's income (Reportes' definition). */
  ingresosCentavos: Centavos;
  /** Income not (yet) invoiced: ingresos − facturado; 0 when they agree. */
  diferenciaCentavos: Centavos;
}

/** Whether invoicing is on, and the certificate's due date with a warning in its last week. */
export interface InvoicingStatus {
  activa: boolean;
  cuit: string | null;
  puntoDeVenta: number | null;
  certificadoVence: string | null;
  aviso: string | null;
}

export const invoiceMessages = {
  notFound: 'No encontramos esa factura.',
  notRejected: 'Solo se reintenta una factura rechazada por ARCA.',
  retried: 'La factura volvió a la cola: se pide a ARCA en el próximo minuto.',
  badState: 'Elegí un estado: pendiente, autorizada, rechazada o sin_factura.',
  badMonth: 'Indicá el mes como aaaa-mm.',
  badPage: 'La página debe ser un número entero desde 1.',
  sinFacturaNotAllowed: 'El dueño no habilitó registrar pagos sin factura (ARCA_ALLOW_SIN_FACTURA).',
  certificateEnding: (day: string) =>
    `El certificado de ARCA vence el ${day}: generá uno nuevo en ARCA (Administración de Certificados Digitales) y cargalo en ARCA_CERT antes de esa fecha, o las facturas quedarán pendientes.`,
  certificateExpired:
    'El certificado de ARCA venció: las facturas quedan pendientes hasta que cargues uno nuevo en ARCA_CERT.',
  badDni: 'El DNI tiene 7 u 8 números (podés dejarlo vacío para un consumidor final sin identificar).',
  badCondicionIva: 'Elegí una condición frente al IVA que ARCA acepte en una Factura C.',
  whatToDo: {
    rejected:
      'Revisá los datos que ARCA señala: corregí el DNI o la condición frente al IVA del receptor y reintentala.',
    ptoVtaDisabled:
      'Habilitá el punto de venta para web services en ARCA (Administración de puntos de venta, RECE) o corregí ARCA_PTO_VTA, y reintentala.',
    waiting: 'ARCA no respondió todavía: se reintenta sola, no hace falta hacer nada.',
    noInvoice: 'Se cobró sin factura, por decisión del personal.',
  },
} as const;

/**
 * RG 5616's receiver conditions ARCA accepts on a class C voucher (FEParamGetCondicionIvaReceptor),
 * as the staff read them; a gym's members are almost always 5, consumidor final.
 */
export const CONDICIONES_IVA_C = {
  5: 'Consumidor Final',
  6: 'Responsable Monotributo',
  13: 'Monotributista Social',
  16: 'Monotributo Trabajador Independiente Promovido',
  1: 'IVA Responsable Inscripto',
  4: 'IVA Sujeto Exento',
  7: 'Sujeto No Categorizado',
  15: 'IVA No Alcanzado',
  10: 'IVA Liberado – Ley N° 19.640',
  8: 'Proveedor del Exterior',
  9: 'Cliente del Exterior',
} as const satisfies Record<number, string>;
export const CONDICION_IVA_CODES = Object.keys(CONDICIONES_IVA_C).map(Number);

/**
 * `POST /v1/facturas/:id/reintentar`'s optional corrections of the receiver, made before the retry:
 * `dni` (dots and spaces allowed; empty or null: consumidor final sin identificar) and the condition.
 * A field left out is not changed.
 */
export const invoiceRetrySchema = yup.object({
  dni: yup
    .string()
    .nullable()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/[.\s]/g, '') || null : value))
    .matches(/^\d{7,8}$/, invoiceMessages.badDni)
    .optional(),
  condicionIvaReceptor: yup
    .number()
    .typeError(invoiceMessages.badCondicionIva)
    .oneOf(CONDICION_IVA_CODES, invoiceMessages.badCondicionIva)
    .optional(),
});
export type InvoiceRetryInput = yup.InferType<typeof invoiceRetrySchema>;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const invoiceListQuerySchema = yup.object({
  estado: yup.string().oneOf(INVOICE_STATES, invoiceMessages.badState).optional(),
  page: yup
    .number()
    .typeError(invoiceMessages.badPage)
    .integer(invoiceMessages.badPage)
    .min(1, invoiceMessages.badPage)
    .default(1),
});

export const invoiceMonthQuerySchema = yup.object({
  mes: yup.string().matches(MONTH, invoiceMessages.badMonth).optional(),
});

/** ARCA's way of showing a voucher's number: punto de venta (4) and number (8). */
export const voucherNumber = (ptoVta: number, number: number) =>
  `${String(ptoVta).padStart(4, '0')}-${String(number).padStart(8, '0')}`;
