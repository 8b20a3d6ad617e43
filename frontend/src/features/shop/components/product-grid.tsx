import type { Product } from '@gym/contracts';
import { ProductCard } from './product-card';

/** The first row loads at once (it is what the visitor sees first); the rest as they scroll. */
export function ProductGrid({ products, label }: { products: Product[]; label: string }) {
  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled" aria-label={label}>
      {products.map((product, index) => (
        <li className="col" key={product._id}>
          <ProductCard product={product} eager={index < 4} />
        </li>
      ))}
    </ul>
  );
}
