import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/** SPEC §4: the cart lives in the browser under 'productos carrito', saved on each change, shared across tabs. */
export function CartProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useState<CartLine[]>(readStored);
  const [panelOpen, setPanelOpen] = useState(false);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) setLines(readStored());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const save = useCallback((change: (current: CartLine[]) => CartLine[]) => {
    setLines((current) => {
      const next = change(current);
      try {
        localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
      } catch {
        /* storage full or blocked: the cart still works for this visit */
      }
      return next;
    });
  }, []);

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
