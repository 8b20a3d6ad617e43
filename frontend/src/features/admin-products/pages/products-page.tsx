import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { productMessages as m } from '@gym/contracts/messages';
import type { Product } from '@gym/contracts/products';
import { countOf } from '@gym/contracts/format';
import { confirmDelete } from '@/components/confirm-delete';
import { Pager } from '@/components/pager';
import { showFailure } from '@/components/show-failure';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { useResource } from '@/hooks/use-resource';
import { deleteProduct, listProducts } from '../api/products-api';
import { AddProductModal } from '../components/add-product-modal';
import { EditProductModal } from '../components/edit-product-modal';
import { ProductSearch } from '../components/product-search';
import { ProductTable } from '../components/product-table';
import { ProductViewModal } from '../components/product-view-modal';
import { notify } from '@/components/notices';

export const PAGE_SIZE = 10;

export const deleteQuestion = (product: Product) =>
  `Estas seguro de querer eliminar el producto ${product.nombre} de manera definitiva?`;

/** SPEC §2 admin products (DESIGN 11: at /admin/productos); reloaded after each change, never polled. */
export default function ProductsPage() {
  usePageTitle('Productos');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '', 10) || 1);
  const list = useResource(['products', 'staff-list', q, page], (signal) =>
    listProducts({ q, page, limit: PAGE_SIZE }, signal),
  );
  const pages = list.status === 'ready' ? Math.ceil(list.data.total / PAGE_SIZE) : 0;

  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<{ product: Product; open: boolean } | null>(null);
  const [editing, setEditing] = useState<{ id: string; open: boolean; round: number } | null>(null);

  const go = (next: { q?: string; page?: number }) => {
    const target = new URLSearchParams();
    const query = next.q ?? q;
    if (query) target.set('q', query);
    if (next.page && next.page > 1) target.set('page', String(next.page));
    setParams(target);
  };

  // a delete can empty the last page: show the one before it
  useEffect(() => {
    if (pages > 0 && page > pages) go({ page: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, pages]);

  const remove = async (product: Product) => {
    if (!(await confirmDelete(deleteQuestion(product)))) return;
    try {
      await deleteProduct(product._id);
    } catch (err) {
      await showFailure(err, 'El producto no se borró');
      list.reload();
      return;
    }
    setViewing((current) => current && { ...current, open: false });
    notify(m.deleted);
  };

  return (
    <section>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Productos</h1>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
          Add Products
        </button>
      </div>
      <ProductSearch key={q} query={q} onSearch={(text) => go({ q: text, page: 1 })} />
      {list.status === 'loading' && <Loading label="Cargando productos…" />}
      {list.status === 'error' && <ErrorState message={list.error.message} onRetry={list.reload} />}
      {list.status === 'ready' && (
        <>
          <p className="text-body-secondary small" aria-live="polite">
            {countOf(list.data.total, 'producto', 'productos')}
          </p>
          {list.data.products.length > 0 ? (
            <ProductTable products={list.data.products} onView={(product) => setViewing({ product, open: true })} />
          ) : (
            <EmptyState>{q ? `No hay productos que coincidan con “${q}”.` : 'Todavía no hay productos.'}</EmptyState>
          )}
          <Pager page={page} pages={pages} onChange={(target) => go({ page: target })} label="Páginas de productos" />
        </>
      )}

      <AddProductModal open={adding} onClose={() => setAdding(false)} onSaved={() => setAdding(false)} />
      {viewing && (
        <ProductViewModal
          product={viewing.product}
          open={viewing.open}
          onClose={() => setViewing({ ...viewing, open: false })}
          onEdit={() => {
            setViewing({ ...viewing, open: false });
            setEditing({ id: viewing.product._id, open: true, round: (editing?.round ?? 0) + 1 });
          }}
          onDelete={() => remove(viewing.product)}
        />
      )}
      {editing && (
        <EditProductModal
          key={editing.round}
          productId={editing.id}
          open={editing.open}
          onClose={() => setEditing({ ...editing, open: false })}
          onSaved={() => setEditing({ ...editing, open: false })}
        />
      )}
    </section>
  );
}
