import type { Product } from '@gym/contracts/products';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: Product[];
  label: string;
  /** How many cards load their image at once: the first row when the grid opens the page. */
  eagerCount?: number;
  headingLevel?: 2 | 3;
  /** Centres a last row that is not full (a showcase, not a list one pages through). */
  centered?: boolean;
}

export function ProductGrid({ products, label, eagerCount = 4, headingLevel, centered }: ProductGridProps) {
  return (
    <ul
      className={`row row-cols-2 row-cols-md-3 row-cols-lg-4 g-3 list-unstyled${centered ? ' justify-content-center' : ''}`}
      aria-label={label}
    >
      {products.map((product, index) => (
        <li className="col" key={product._id}>
          <ProductCard product={product} eager={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
