import { lineTotal, type CartLine } from '@/lib/cart';
import type { OrderConflictLine } from '@gym/contracts/orders';

const matches = (line: CartLine, c: OrderConflictLine) =>
  line.detalles._id === c.producto && (line.talle || null) === c.talle && (line.color || null) === c.color;

/** The cart as the server can sell it now: quantities down to what is left (gone at 0), prices as they are. */
export function adjustCart(lines: CartLine[], conflicts: OrderConflictLine[]): CartLine[] {
  return lines.flatMap((line) => {
    const conflict = conflicts.find((c) => matches(line, c));
    if (!conflict) return [line];
    const cantidad = Math.min(line.cantidad, conflict.disponible);
    if (cantidad <= 0) return [];
    const detalles = { ...line.detalles, precio: conflict.precio };
    return [{ ...line, detalles, cantidad, total: lineTotal(conflict.precio, cantidad) }];
  });
}

/** A fresh key per distinct request (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
