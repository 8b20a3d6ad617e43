import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';

/** SPEC §2 /error and every unknown path. */
export default function NotFoundPage() {
  usePageTitle('Página no encontrada');
  return (
    <section className="container py-5 text-center">
      <p className="display-1 fw-bold text-primary mb-0">404</p>
      <h1 className="h2">Página no encontrada</h1>
      <p className="text-secondary">La página que buscás no existe o se movió.</p>
      <Link to={paths.home} className="btn btn-primary">
        Volver al inicio
      </Link>
    </section>
  );
}
