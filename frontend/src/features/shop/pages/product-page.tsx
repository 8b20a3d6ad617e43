import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CATEGORIES, CATEGORY_LABELS, COLOR_LABELS, type Category, type Color } from '@gym/contracts/catalog';
import { formatPrice } from '@gym/contracts/format';
import type { Product } from '@gym/contracts/products';
import { pictureFor } from '@/lib/product-image';
import { ErrorState, Loading } from '@/components/status';
import { usePageTitle } from '@/components/use-page-title';
import { paths } from '@/config/paths';
import { usePublicResource } from '@/hooks/use-public-resource';
import { getProduct } from '../api/products-api';
import { AddToCartForm, type AddToCart } from '../components/add-to-cart-form';
import { ProductNotFound } from '../components/product-not-found';
import '../shop.css';

export default function ProductPage({ onAddToCart }: { onAddToCart: AddToCart }) {
  const { id = '' } = useParams();
  const product = usePublicResource((signal) => getProduct(id, signal), [id]);
  const notFound = product.status === 'error' && product.error.status === 404;
  usePageTitle(product.status === 'ready' ? product.data.nombre : notFound ? 'Producto no encontrado' : 'Producto');

  if (product.status === 'loading') return <Loading label="Cargando producto…" />;
  if (notFound) return <ProductNotFound />;
  if (product.status === 'error') {
    return (
      <div className="container py-5">
        <ErrorState message={product.error.message} onRetry={product.reload} />
      </div>
    );
  }
  return <ProductDetail product={product.data} onAddToCart={onAddToCart} />;
}

const categoryOf = (product: Product): Category | undefined =>
  product.categoria.find((c): c is Category => c !== 'all' && (CATEGORIES as readonly string[]).includes(c));

function ProductDetail({ product, onAddToCart }: { product: Product; onAddToCart: AddToCart }) {
  const [color, setColor] = useState<Color | ''>('');
  const category = categoryOf(product);
  return (
    <article className="container py-4">
      <nav aria-label="Ubicación" className="mb-3">
        <ol className="breadcrumb mb-0">
          <li className="breadcrumb-item">
            <Link to={paths.shopHome}>Tienda</Link>
          </li>
          {category && (
            <li className="breadcrumb-item">
              <Link to={paths.category(category)}>{CATEGORY_LABELS[category]}</Link>
            </li>
          )}
          <li className="breadcrumb-item active" aria-current="page">
            {product.nombre}
          </li>
        </ol>
      </nav>
      <div className="row g-4">
        <div className="col-md-6">
          <img
            src={pictureFor(product.imagen, color)}
            alt={color ? `${product.nombre}, color ${COLOR_LABELS[color].toLowerCase()}` : product.nombre}
            width={600}
            height={600}
            fetchPriority="high"
            className="img-fluid rounded bg-light w-100 product-detail__image"
          />
        </div>
        <div className="col-md-6 col-lg-5 offset-lg-1">
          <h1 className="h2">{product.nombre}</h1>
          <p className="fs-3 fw-bold text-primary mb-1">{formatPrice(product.precio)}</p>
          <AddToCartForm key={product._id} product={product} onAdd={onAddToCart} onColorChange={setColor} />
          <h2 className="h5 mt-4">Descripción</h2>
          <p className="product-detail__description">{product.descripcion}</p>
        </div>
      </div>
    </article>
  );
}
