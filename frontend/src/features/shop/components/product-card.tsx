import { Link } from 'react-router-dom';
import { formatPrice, type Product } from '@gym/contracts';
import { paths } from '../../../config/paths';

/** SPEC §2: image, name and price, linking to the product. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  return (
    <Link to={paths.product(product._id)} className="card h-100 product-card text-decoration-none text-reset">
      <img
        src={product.imagen}
        alt={product.nombre}
        width={400}
        height={400}
        loading={eager ? 'eager' : 'lazy'}
        className="card-img-top product-card__image"
      />
      <div className="card-body">
        <h3 className="card-title h6 mb-1">{product.nombre}</h3>
        <p className="card-text fw-bold text-primary mb-0">{formatPrice(product.precio)}</p>
        {product.stock === 0 && <span className="badge text-bg-secondary mt-2">Sin stock</span>}
      </div>
    </Link>
  );
}
