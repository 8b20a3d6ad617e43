import { useParams } from 'react-router-dom';
import { formatPrice } from '@gym/contracts';
import { ErrorState, Loading } from '../../../components/status';
import { usePageTitle } from '../../../components/use-page-title';
import { useResource } from '../../../hooks/use-resource';
import { getProduct } from '../api/products-api';

export default function ProductPage() {
  const { id = '' } = useParams();
  const product = useResource((signal) => getProduct(id, signal), [id]);
  usePageTitle(product.status === 'ready' ? product.data.nombre : 'Producto');

  if (product.status === 'loading') return <Loading label="Cargando producto…" />;
  if (product.status === 'error') {
    const notFound = product.error.status === 404;
    return (
      <div className="container py-5">
        <ErrorState
          message={notFound ? 'No encontramos ese producto.' : product.error.message}
          onRetry={notFound ? undefined : product.reload}
        />
      </div>
    );
  }
  const p = product.data;
  return (
    <article className="container py-4">
      <div className="row g-4">
        <div className="col-md-6">
          <img src={p.imagen} alt={p.nombre} width={600} height={600} className="img-fluid rounded bg-light w-100" />
        </div>
        <div className="col-md-6">
          <h1 className="h2">{p.nombre}</h1>
          <p className="fs-3 fw-bold text-primary">{formatPrice(p.precio)}</p>
          <p>{p.descripcion}</p>
        </div>
      </div>
    </article>
  );
}
