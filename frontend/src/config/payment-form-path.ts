import { paths } from './paths';

/**
 * The id of the client page's *Registrar pago* heading, and the link to it (the door's red card).
 * Kept out of paths.ts: only staff screens use it, and the shop's entry carries paths.ts.
 */
export const PAYMENT_FORM_ID = 'registrar-pago';
export const registerPaymentPath = (idUsuario: string) => `${paths.admin.editClient(idUsuario)}#${PAYMENT_FORM_ID}`;
