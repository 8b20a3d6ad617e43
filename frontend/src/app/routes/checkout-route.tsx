import { useCart } from '../../features/cart';
import CheckoutPage from '../../features/checkout/pages/checkout-page';

/** The checkout reads and empties the cart feature's lines: composed here, as features never import each other. */
export default function CheckoutRoute() {
  const { lines, replace } = useCart();
  return <CheckoutPage lines={lines} onReplaceLines={replace} />;
}
