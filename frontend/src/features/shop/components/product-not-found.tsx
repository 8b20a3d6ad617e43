import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function ProductNotFound() {
  return (
    <section className="container py-5 text-center">
      <h1 className="h2">Producto no encontrado</h1>
      <p className="text-secondary">El producto que buscás no existe o ya no está a la venta.</p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <Link to={paths.shopHome} className="btn btn-primary">
          Volver a la tienda
        </Link>
        <Link to={paths.category('all')} className="btn btn-outline-primary">
          Ver todos los productos
        </Link>
      </div>
    </section>
  );
}
