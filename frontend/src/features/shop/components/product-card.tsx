import { Link } from 'react-router-dom';
import { formatPrice } from '@gym/contracts/format';
import type { Product } from '@gym/contracts/products';
import { paths } from '@/config/paths';

interface ProductCardProps {
  product: Product;
  eager?: boolean;
  headingLevel?: 2 | 3;
}

/** SPEC §2: image, name and price, linking to the product. The name already names the link, so the image is silent. */
export function ProductCard({ product, eager = false, headingLevel = 3 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link to={paths.product(product._id)} className="card h-100 product-card text-decoration-none text-reset">
      <img
        src={product.imagen}
        alt=""
        width={400}
        height={400}
        loading={eager ? 'eager' : 'lazy'}
        className="card-img-top product-card__image"
      />
      <div className="card-body">
        <Heading className="card-title h6 mb-1">{product.nombre}</Heading>
        <p className="card-text fw-bold text-primary mb-0">{formatPrice(product.precio)}</p>
        {product.stock === 0 && <span className="badge text-bg-secondary mt-2">Sin stock</span>}
      </div>
    </Link>
  );
}
