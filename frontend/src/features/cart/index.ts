export { CartProvider, useCart } from './cart-context';
export { CartPanel } from './components/cart-panel';
