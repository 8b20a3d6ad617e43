import { Link } from 'react-router-dom';
import { ErrorState, Loading } from '../../../components/status';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';
import { useResource } from '../../../hooks/use-resource';
import { getProducts } from '../api/products-api';
import { ProductCard } from '../components/product-card';

export default function ShopHomePage() {
  usePageTitle('Tienda online');
  const featured = useResource((signal) => getProducts({ portada: true }, signal), []);
  return (
    <section className="container py-4">
      <h1 className="h2 mb-4">Productos mas vendidos</h1>
      {featured.status === 'loading' && <Loading />}
      {featured.status === 'error' && <ErrorState message={featured.error.message} onRetry={featured.reload} />}
      {featured.status === 'ready' && (
        <div className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3">
          {featured.data.products.map((product) => (
            <div className="col" key={product._id}>
              <ProductCard product={product} />
            </div>
          ))}
        </div>
      )}
      <Link to={paths.category('all')} className="btn btn-outline-primary mt-4">
        Ver mas
      </Link>
    </section>
  );
}
