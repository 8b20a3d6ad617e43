import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ORDER_STATES, ORDER_STATE_LABELS, type OrderState } from '@gym/contracts/orders';
import { countOf } from '@gym/contracts/format';
import { Pager } from '@/components/pager';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { ORDERS_PAGE_SIZE, listOrders, type OrderQuery } from '../api/orders-api';
import { OrderTable } from '../components/order-table';

/** The URL holds the filter, the search and the page, so a reload or a shared link shows the same list. */
function useOrderQuery(): [OrderQuery, (change: Partial<OrderQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const estado = params.get('estado') ?? '';
  const page = Number(params.get('page'));
  const query: OrderQuery = {
    estado: (ORDER_STATES as readonly string[]).includes(estado) ? (estado as OrderState) : '',
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  const change = (next: Partial<OrderQuery>) => {
    const merged = { ...query, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.estado) search.set('estado', merged.estado);
    if (merged.q) search.set('q', merged.q);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };
  return [query, change];
}

/** /admin/pedidos: the shop's orders, newest first. */
export default function OrdersPage() {
  usePageTitle('Pedidos');
  const [query, change] = useOrderQuery();
  const [text, setText] = useState(query.q);
  const orders = useResource(['orders', 'staff-list', query.estado, query.q, query.page], (signal) =>
    listOrders(query, signal),
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    change({ q: text.trim() });
  };

  return (
    <section>
      <h1 className="h3 mb-3">Pedidos</h1>
      <form className="row g-2 mb-3" role="search" onSubmit={search}>
        <div className="col-sm-4">
          <label htmlFor="order-state" className="visually-hidden">
            Estado
          </label>
          <select
            id="order-state"
            className="form-select"
            value={query.estado}
            onChange={(event) => change({ estado: event.target.value as OrderState | '' })}
          >
            <option value="">Todos los estados</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6">
          <label htmlFor="order-search" className="visually-hidden">
            Buscar pedido
          </label>
          <input
            id="order-search"
            type="search"
            className="form-control"
            placeholder="Número, nombre o email"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="col-sm-2 d-grid">
          <button type="submit" className="btn btn-outline-dark">
            Buscar
          </button>
        </div>
      </form>
      {orders.status === 'loading' && <Loading label="Cargando pedidos…" />}
      {orders.status === 'error' && <ErrorState message={orders.error.message} onRetry={orders.reload} />}
      {orders.status === 'ready' &&
        (orders.data.orders.length > 0 ? (
          <>
            <p className="text-body-secondary small" aria-live="polite">
              {countOf(orders.data.total, 'pedido', 'pedidos')}
            </p>
            <OrderTable orders={orders.data.orders} />
            <Pager
              page={query.page}
              pages={Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)}
              onChange={(page) => change({ ...query, page })}
              label="Páginas de pedidos"
            />
          </>
        ) : (
          <EmptyState>No hay pedidos que coincidan.</EmptyState>
        ))}
    </section>
  );
}
