import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@gym/contracts/catalog';
import { countOf } from '@gym/contracts/format';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { usePublicResource } from '@/hooks/use-public-resource';
import { getProducts } from '../api/products-api';
import { ActiveFilters } from '../components/active-filters';
import { FiltersPanel } from '../components/filters-panel';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-grid';
import { SearchBox } from '../components/search-box';
import { SortSelect } from '../components/sort-select';
import { UnknownCategory } from '../components/unknown-category';
import { useShopFilters } from '../hooks/use-shop-filters';
import '../shop.css';

export const PAGE_SIZE = 24;

const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

export default function CategoryPage() {
  const { categoria = '' } = useParams();
  if (!isCategory(categoria)) return <UnknownCategory name={categoria} />;
  return <CategoryListing key={categoria} category={categoria} />;
}

function CategoryListing({ category }: { category: Category }) {
  const title = category === 'all' ? 'Todos los productos' : CATEGORY_LABELS[category];
  usePageTitle(title);
  const [panelOpen, setPanelOpen] = useState(false);
  const { query, update, clear, active } = useShopFilters();
  const page = query.page ?? 1;
  const products = usePublicResource(
    (signal) => getProducts({ categoria: category, ...query, page, limit: PAGE_SIZE }, signal),
    [category, query.talle, query.precio, query.color, query.sort, query.q, page],
  );
  const total = products.status === 'ready' ? (products.data.total ?? products.data.products.length) : undefined;

  return (
    <section className="container py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <div>
          <h1 className="h2 mb-0">{title}</h1>
          <p className="text-secondary mb-0" aria-live="polite">
            {total === undefined ? '\u00a0' : countOf(total, 'producto', 'productos')}
          </p>
        </div>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button type="button" className="btn btn-outline-dark" onClick={() => setPanelOpen(true)}>
            Filtros
            {active.length > 0 && (
              <span className="badge text-bg-dark ms-2">
                <span className="visually-hidden">activos: </span>
                {active.length}
              </span>
            )}
          </button>
          <SortSelect
            value={query.sort ?? 'nombre'}
            onChange={(sort) => update({ sort: sort === 'nombre' ? undefined : sort })}
          />
        </div>
      </div>
      <SearchBox key={query.q ?? ''} value={query.q ?? ''} onSearch={(q) => update({ q })} />
      <ActiveFilters query={query} active={active} onRemove={(key) => update({ [key]: undefined })} onClear={clear} />
      {products.status === 'loading' && <Loading label="Cargando productos…" />}
      {products.status === 'error' && <ErrorState message={products.error.message} onRetry={products.reload} />}
      {products.status === 'ready' &&
        (products.data.products.length > 0 ? (
          <>
            <ProductGrid products={products.data.products} label={title} headingLevel={2} />
            <Pagination page={page} pages={Math.ceil((total ?? 0) / PAGE_SIZE)} />
          </>
        ) : (
          <NoMatches
            filtered={active.length > 0 || query.q !== undefined}
            outOfRange={(total ?? 0) > 0}
            onClear={clear}
            onFirstPage={() => update({})}
          />
        ))}
      <FiltersPanel
        open={panelOpen}
        onClose={() => setPanelOpen(false)}
        query={query}
        onChange={(key, value) => update({ [key]: value })}
        onClear={clear}
        total={total}
      />
    </section>
  );
}

interface NoMatchesProps {
  filtered: boolean;
  outOfRange: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}

function NoMatches({ filtered, outOfRange, onClear, onFirstPage }: NoMatchesProps) {
  if (outOfRange) {
    return (
      <EmptyState>
        Esta página no tiene productos.{' '}
        <button type="button" className="btn btn-link p-0 align-baseline" onClick={onFirstPage}>
          Ir a la primera página
        </button>
      </EmptyState>
    );
  }
  if (!filtered) return <EmptyState>Todavía no hay productos en esta categoría.</EmptyState>;
  return (
    <div className="text-center py-5">
      <p className="text-secondary">Ningún producto coincide con la búsqueda o los filtros elegidos.</p>
      <button type="button" className="btn btn-primary" onClick={onClear}>
        Limpiar filtros
      </button>
    </div>
  );
}
