import { useParams } from 'react-router-dom';
import { CATEGORIES, CATEGORY_LABELS, type Category } from '@gym/contracts';
import { EmptyState, ErrorState, Loading } from '../../../components/status';
import { usePageTitle } from '../../../components/use-page-title';
import { useResource } from '../../../hooks/use-resource';
import { getProducts } from '../api/products-api';
import { ProductCard } from '../components/product-card';

const isCategory = (value: string | undefined): value is Category =>
  (CATEGORIES as readonly string[]).includes(value ?? '');

export default function CategoryPage() {
  const { categoria } = useParams();
  const category = isCategory(categoria) ? categoria : undefined;
  const title = category ? (category === 'all' ? 'Todos los productos' : CATEGORY_LABELS[category]) : 'Categoría';
  usePageTitle(title);
  const products = useResource((signal) => getProducts({ categoria: category }, signal), [category]);

  if (!category) return <EmptyState>La categoría «{categoria}» no existe.</EmptyState>;
  return (
    <section className="container py-4">
      <h1 className="h2 mb-4">{title}</h1>
      {products.status === 'loading' && <Loading label="Cargando productos…" />}
      {products.status === 'error' && <ErrorState message={products.error.message} onRetry={products.reload} />}
      {products.status === 'ready' &&
        (products.data.products.length === 0 ? (
          <EmptyState>No hay productos en esta categoría.</EmptyState>
        ) : (
          <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3">
            {products.data.products.map((product, index) => (
              <div className="col" key={product._id}>
                <ProductCard product={product} eager={index < 4} />
              </div>
            ))}
          </div>
        ))}
    </section>
  );
}
