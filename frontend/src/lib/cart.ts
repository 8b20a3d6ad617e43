import { sumOf, times, toCentavos, toPesos } from '@gym/contracts/money';
import { ORDER_DEFAULT_LIMITS } from '@gym/contracts/order-limits';
import type { Product } from '@gym/contracts/products';

export const CART_STORAGE_KEY = 'productos carrito';

export interface CartLine {
  detalles: Product;
  talle: string;
  color: string;
  cantidad: number;
  total: number;
}

const sameLine = (a: CartLine, b: Pick<CartLine, 'detalles' | 'talle' | 'color'>) =>
  a.detalles._id === b.detalles._id && a.talle === b.talle && a.color === b.color;

/** A line's total in pesos, computed in centavos: 0.1 × 3 is 0.3, not 0.30000000000000004. */
export const lineTotal = (precio: number, cantidad: number): number => toPesos(times(toCentavos(precio), cantidad));

/**
 * SPEC §4: the same id, size and colour raise that line's quantity; otherwise a new line. A line
 * holds at most what the shop sells of one size and colour per order (the API refuses more).
 */
export function addToCart(
  lines: CartLine[],
  item: Omit<CartLine, 'total'>,
  max: number = ORDER_DEFAULT_LIMITS.unitsPerVariant,
): CartLine[] {
  const existing = lines.find((line) => sameLine(line, item));
  if (!existing) {
    const cantidad = Math.min(item.cantidad, max);
    return [...lines, { ...item, cantidad, total: lineTotal(item.detalles.precio, cantidad) }];
  }
  return lines.map((line) => {
    if (line !== existing) return line;
    const cantidad = Math.min(line.cantidad + item.cantidad, max);
    return { ...line, cantidad, total: lineTotal(line.detalles.precio, cantidad) };
  });
}

export function removeFromCart(lines: CartLine[], index: number): CartLine[] {
  return lines.filter((_, i) => i !== index);
}

export function cartTotal(lines: CartLine[]): number {
  return toPesos(sumOf(lines.map((line) => toCentavos(line.total))));
}

export function cartCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.cantidad, 0);
}

const isCartLine = (value: unknown): value is CartLine => {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line.detalles === 'object' &&
    line.detalles !== null &&
    typeof line.detalles._id === 'string' &&
    typeof line.detalles.precio === 'number' &&
    typeof line.cantidad === 'number' &&
    line.cantidad > 0 &&
    typeof line.total === 'number' &&
    typeof line.talle === 'string' &&
    typeof line.color === 'string'
  );
};

/** A missing or corrupt stored cart reads as empty (SPEC §4). */
export function parseStoredCart(raw: string | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every(isCartLine) ? parsed : [];
  } catch {
    return [];
  }
}
