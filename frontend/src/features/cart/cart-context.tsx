import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { addToCart, CART_STORAGE_KEY, parseStoredCart, removeFromCart, type CartLine } from '@gym/contracts';

interface CartValue {
  lines: CartLine[];
  add: (item: Omit<CartLine, 'total'>) => void;
  remove: (index: number) => void;
  /** Replaces every line at once (the checkout's adjustment after a 409), or empties the cart. */
  replace: (lines: CartLine[]) => void;
  panelOpen: boolean;
  setPanelOpen: (open: boolean) => void;
}

const CartContext = createContext<CartValue | null>(null);

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
      listeners.add(listener);
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
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

/** SPEC §4: the cart lives in the browser under 'productos carrito', saved on each change, shared across tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [store] = useState(cartStore);
  const lines = useSyncExternalStore(store.subscribe, store.get, () => NO_LINES);
  const [panelOpen, setPanelOpen] = useState(false);
  const { save } = store;

  const value = useMemo<CartValue>(
    () => ({
      lines,
      add: (item) => save((current) => addToCart(current, item)),
      remove: (index) => save((current) => removeFromCart(current, index)),
      replace: (next) => save(() => next),
      panelOpen,
      setPanelOpen,
    }),
    [lines, panelOpen, save],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart needs a CartProvider');
  return value;
}
