import type { Order, OrderList, OrderState } from '@gym/contracts/orders';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

export interface OrderQuery {
  estado: OrderState | '';
  q: string;
  page: number;
}

export const ORDERS_PAGE_SIZE = 20;

export function listOrders(query: OrderQuery, signal?: AbortSignal): Promise<OrderList> {
  const searchParams = new URLSearchParams({ page: String(query.page), limit: String(ORDERS_PAGE_SIZE) });
  if (query.estado) searchParams.set('estado', query.estado);
  if (query.q) searchParams.set('q', query.q);
  return api.get('orders', { searchParams, signal }).json<OrderList>();
}

export const getOrder = (numero: string, signal?: AbortSignal) =>
  api
    .get(`orders/${encodeURIComponent(numero)}`, { signal })
    .json<{ order: Order }>()
    .then((body) => body.order);

export const changeOrderState = (numero: string, estado: OrderState) =>
  changing(
    ['orders', 'products', 'clients'],
    api
      .post(`orders/${encodeURIComponent(numero)}/estado`, { json: { estado } })
      .json<{ order: Order }>()
      .then((body) => body.order),
  );

/** A paid Mercado Pago order cancelled: the provider refunds it first; refused, the order stays paid. */
export const refundOrder = (numero: string) =>
  changing(
    ['orders', 'products', 'clients'],
    api
      .post(`pagos/mercadopago/pedidos/${encodeURIComponent(numero)}/reembolso`, { json: {}, timeout: 30_000 })
      .json<{ order: Order; message: string }>(),
  );
