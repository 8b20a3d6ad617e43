import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { addToCart, CART_STORAGE_KEY, parseStoredCart, removeFromCart, type CartLine } from '@/lib/cart';

interface CartValue {
  lines: CartLine[];
  /** `max`: the most the cart may hold of that size and colour (default: the per-order limit). */
  add: (item: Omit<CartLine, 'total'>, max?: number) => void;
  remove: (index: number) => void;
  /** Replaces every line at once (the checkout's adjustment after a 409), or empties the cart. */
  replace: (lines: CartLine[]) => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
}

const readStored = () => {
  try {
    return parseStoredCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
};

/**
 * The cart's lines, read from storage once and then kept here: a visit whose storage is full or
 * blocked still has its cart. Another tab's change comes in by the storage event.
 */
function cartStore() {
  let lines = readStored();
  const listeners = new Set<() => void>();
  const set = (next: CartLine[]) => {
    lines = next;
    listeners.forEach((listener) => listener());
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) set(readStored());
  };
  return {
    get: () => lines,
    subscribe(listener: () => void) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    save(change: (current: CartLine[]) => CartLine[]) {
      const next = change(lines);
      try {
        localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
      } catch {
        /* storage full or blocked: the cart still works for this visit */
      }
      set(next);
    },
  };
}

/** What the build's prerendered HTML shows (src/prerender.tsx): hydration starts from it, then the stored cart shows. */
const NO_LINES: CartLine[] = [];

type CartActions = Omit<CartValue, 'lines'> & { store: ReturnType<typeof cartStore> };
const CartContext = createContext<CartActions | null>(null);

/**
 * SPEC §4: the cart lives in the browser under 'productos carrito', saved on each change, shared across tabs.
 * The context holds the store, not its lines: reading the stored cart after hydrating changes only
 * the components that show it, never a context above a page that is still hydrating (React would
 * throw that page's prerendered HTML away and render it again).
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(cartStore);
  const [panelOpen, setPanelOpen] = useState(false);
  const value = useMemo<CartActions>(
    () => ({
      store,
      add: (item, max) => store.save((current) => addToCart(current, item, max)),
      remove: (index) => store.save((current) => removeFromCart(current, index)),
      replace: (next) => store.save(() => next),
      panelOpen,
      setPanelOpen,
    }),
    [store, panelOpen],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a CartProvider');
  const lines = useSyncExternalStore(value.store.subscribe, value.store.get, () => NO_LINES);
  return { ...value, lines };
}
