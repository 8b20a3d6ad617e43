import { useCart } from '../../features/cart';
import ProductPage from '../../features/shop/pages/product-page';

/** The shop's product page adds to the cart feature's context: composed here, as features never import each other. */
export default function ProductRoute() {
  const { add } = useCart();
  return <ProductPage onAddToCart={add} />;
}
