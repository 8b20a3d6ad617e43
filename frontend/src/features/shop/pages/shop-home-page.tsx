import { Link } from 'react-router-dom';
import { Carousel } from '@/components/carousel';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { usePublicResource } from '@/hooks/use-public-resource';
import { getProducts } from '../api/products-api';
import { HERO_SLIDES, PROMO_BANNERS } from '../banners';
import { ProductGrid } from '../components/product-grid';
import { PromoBanner } from '../components/promo-banner';
import '../shop.css';

const TITLE = 'Productos mas vendidos';

export default function ShopHomePage() {
  usePageTitle('Tienda online');
  const featured = usePublicResource((signal) => getProducts({ portada: true }, signal), []);
  return (
    <>
      <h1 className="visually-hidden">Tienda online</h1>
      <Carousel slides={HERO_SLIDES} label="Novedades de la tienda" imageWidth={1200} imageHeight={500} />
      <section className="container py-5" aria-labelledby="mas-vendidos">
        <h2 className="h2 mb-4" id="mas-vendidos">
          {TITLE}
        </h2>
        {featured.status === 'loading' && (
          // Room for the grid while it loads, so 'Ver mas' does not jump (layout shift).
          <div style={{ minHeight: '32rem' }}>
            <Loading label="Cargando productos…" />
          </div>
        )}
        {featured.status === 'error' && <ErrorState message={featured.error.message} onRetry={featured.reload} />}
        {featured.status === 'ready' &&
          (featured.data.products.length > 0 ? (
            <ProductGrid products={featured.data.products} label={TITLE} eagerCount={0} centered />
          ) : (
            <EmptyState>Pronto vas a ver acá los productos destacados.</EmptyState>
          ))}
        <div className="text-center mt-4">
          <Link to={paths.category('all')} className="btn btn-outline-primary btn-lg">
            Ver mas
          </Link>
        </div>
      </section>
      <section className="container pb-5" aria-label="Categorías destacadas">
        <div className="row g-4">
          {PROMO_BANNERS.map((banner) => (
            <div className="col-md-6" key={banner.to}>
              <PromoBanner banner={banner} />
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
