/**
 * The names Disposición 954/2025 fixes for the two buttons, and where they lead: no schema here, so
 * the footer of every page carries them without the forms' code.
 */
export const BAJA_LABEL = 'Botón de baja';
export const ARREPENTIMIENTO_LABEL = 'Botón de arrepentimiento';

export const consumerPaths = {
  baja: '/baja',
  arrepentimiento: '/arrepentimiento',
  /** From an order's page: the number and its token, so the buyer types nothing. */
  arrepentimientoOf: (numero: string, token: string) =>
    `/arrepentimiento?numero=${encodeURIComponent(numero)}&t=${encodeURIComponent(token)}`,
} as const;
