import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/use-page-title';
import { paths } from '../../../config/paths';

export default function HomePage() {
  usePageTitle('');
  return (
    <section className="container py-5">
      <h1>GYM Tucumán</h1>
      <p className="lead">Boxeo, yoga y musculación libre en el corazón de Tucumán.</p>
      <Link to={paths.shopHome} className="btn btn-primary">
        Ir a la tienda
      </Link>
    </section>
  );
}
