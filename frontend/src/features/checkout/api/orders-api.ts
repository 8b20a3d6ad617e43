import type { CheckoutValues, Order } from '@gym/contracts';
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
