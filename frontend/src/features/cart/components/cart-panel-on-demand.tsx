import { lazy, Suspense, useState } from 'react';
import { useCart } from '../cart-context';

const CartPanel = lazy(() => import('./cart-panel').then((module) => ({ default: module.CartPanel })));

/**
 * The cart's side panel, loaded the first time it opens and kept afterwards: a first visit to the
 * shop home (the bundle budget's page) does not carry the panel nor its <dialog>.
 */
export function CartPanelOnDemand() {
  const { panelOpen } = useCart();
  const [wanted, setWanted] = useState(panelOpen);
  if (panelOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}
