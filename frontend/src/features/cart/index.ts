export { CartProvider, useCart } from './cart-context';
export { CartPanelOnDemand } from './components/cart-panel-on-demand';
