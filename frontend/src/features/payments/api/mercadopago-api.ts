import type { CheckoutStart, OnlinePaymentView } from '@gym/contracts';
import { api } from '@/api/client';

/** The provider's answer can take a few seconds: one try, a generous wait. */
const SLOW = { retry: 0, timeout: 30_000 } as const;

/** A checkout for an order paid with Mercado Pago (on placing it, and to try again). */
export const startOrderCheckout = (numero: string, token: string) =>
  api
    .post(`pagos/mercadopago/pedidos/${encodeURIComponent(numero)}`, { json: { t: token }, ...SLOW })
    .json<CheckoutStart>();

/** Asks the provider how the order's payment stands (the buyer back from paying, or reloading). */
export const orderPayment = (numero: string, token: string, signal?: AbortSignal) =>
  api
    .post(`pagos/mercadopago/pedidos/${encodeURIComponent(numero)}/estado`, { json: { t: token }, signal, ...SLOW })
    .json<OnlinePaymentView>();

export const startRenewal = (meses: number) =>
  api.post('socio/mercadopago', { json: { meses }, ...SLOW }).json<CheckoutStart>();

export const latestRenewal = (signal?: AbortSignal) =>
  api
    .get('socio/mercadopago', { signal, ...SLOW })
    .json<{ pago: OnlinePaymentView | null }>()
    .then((body) => body.pago);

/** Leaves the site for the provider's checkout page. */
export const goTo = (url: string) => window.location.assign(url);
