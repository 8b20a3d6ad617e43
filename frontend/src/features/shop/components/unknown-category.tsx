import { Link } from 'react-router-dom';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';

export function UnknownCategory({ name }: { name: string }) {
  usePageTitle('Categoría no encontrada');
  return (
    <section className="container py-5 text-center">
      <h1 className="h2">Categoría no encontrada</h1>
      <p className="text-secondary">La categoría «{name}» no existe en la tienda.</p>
      <Link to={paths.category('all')} className="btn btn-primary">
        Ver todos los productos
      </Link>
    </section>
  );
}
