import type { CheckoutStart, CheckoutValues, OnlinePaymentView, Order } from '@gym/contracts/orders';
import { api } from '@/api/client';

export interface OrderLineRequest {
  producto: string;
  talle?: string;
  color?: string;
  cantidad: number;
  precio: number;
}

/** The server decides prices and stock; the key makes a double click or a retry one order. */
export function placeOrder(values: CheckoutValues, lineas: OrderLineRequest[], idempotencyKey: string): Promise<Order> {
  const { pago, ...comprador } = values;
  return api
    .post('orders', { json: { comprador, pago, lineas }, headers: { 'Idempotency-Key': idempotencyKey }, retry: 0 })
    .json<{ order: Order }>()
    .then((body) => body.order);
}

export function getOrder(numero: string, token: string, signal?: AbortSignal): Promise<Order> {
  return api
    .get(`orders/${encodeURIComponent(numero)}`, { searchParams: { t: token }, signal })
    .json<{ order: Order }>()
    .then((body) => body.order);
}

/** The provider's answer can take a few seconds: one try, a generous wait. */
const SLOW = { retry: 0, timeout: 30_000 } as const;

/** A checkout at Mercado Pago for an order paid with it (on placing it, and to try again). */
export const startOrderCheckout = (numero: string, token: string) =>
  api
    .post(`pagos/mercadopago/pedidos/${encodeURIComponent(numero)}`, { json: { t: token }, ...SLOW })
    .json<CheckoutStart>();

/** Asks the provider how the order's payment stands (the buyer back from paying, or reloading). */
export const orderPayment = (numero: string, token: string, signal?: AbortSignal) =>
  api
    .post(`pagos/mercadopago/pedidos/${encodeURIComponent(numero)}/estado`, { json: { t: token }, signal, ...SLOW })
    .json<OnlinePaymentView>();
