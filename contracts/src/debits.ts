import type { Centavos } from './money';

/** A member's automatic debit of the monthly fee (Mercado Pago Suscripciones), as the portal shows it. */
export const DEBIT_STATES = ['pendiente', 'activo', 'pausado', 'cancelado'] as const;
export type DebitState = (typeof DEBIT_STATES)[number];

export interface DebitView {
  id: string;
  estado: DebitState;
  /** The plan's name, as the provider's page and the card's statement read it. */
  plan: string;
  amountCentavos: Centavos;
  createdAt: string;
}

/** A billing cycle the provider could not charge: the desk's "Débitos rechazados". */
export interface RejectedDebitView {
  idUsuario: string;
  nombre: string;
  /** The month it was for, `YYYY-MM`. */
  periodo: string;
  amountCentavos: Centavos;
  /** How many times the provider has tried (it retries up to four times in ten days). */
  intentos: number;
  updatedAt: string;
}

/** A charge whose amount or currency did not match the plan: ignored, listed for the owner. */
export interface ObservedDebitView {
  idUsuario: string;
  nombre: string;
  periodo: string;
  /** What the provider charged, and in which currency. */
  amountCentavos: Centavos;
  currency: string;
  /** What the plan's fee was. */
  expectedCentavos: Centavos;
  updatedAt: string;
}

export const debitStateLabels: Record<DebitState, string> = {
  pendiente: 'Falta que lo autorices en Mercado Pago',
  activo: 'Activo: la cuota se cobra sola cada mes',
  pausado: 'Pausado',
  cancelado: 'Frenado',
};

export const debitMessages = {
  alreadyActive: 'Ya tenés el débito automático activo.',
  notFound: 'No encontramos ese débito automático.',
  stopped: 'Listo: frenamos el débito automático. No se te va a cobrar más.',
  alreadyStopped: 'El débito automático ya estaba frenado.',
  /** The e-mail a rejected charge sends. */
  rejectedSubject: 'No pudimos cobrar tu cuota con débito automático',
};
