import { ORDER_LINE_MAX_QUANTITY, orderMessages as m, type OrderConflictLine } from '@gym/contracts/orders';
import { sameVariant } from '@gym/contracts/variants';
import type { Centavos } from '@gym/contracts/money';
import { Conflict, TooManyRequests, ValidationFailed } from '../../shared/errors';

/** What an anonymous shop buyer may take; a sale at the desk has none of these limits. */
export interface OrderLimits {
  unitsPerVariant: number;
  unitsPerOrder: number;
  /** Unpaid units held at once per e-mail and per address; null: no cap. */
  unpaidUnits: number | null;
}

/** A line as asked: `precios` are the prices the cart showed on each line merged into it. */
export type Line = {
  producto: string;
  talle: string | null;
  color: string | null;
  cantidad: number;
  precios: Centavos[];
};

/** A line of an order as the service takes it: the price the cart showed, if any, in centavos. */
export type AskedLine = Omit<Line, 'precios'> & { precioCentavos?: Centavos };

/** One line refused: what is available now and at what price (the 409's `lineas`, in pesos there). */
export interface ConflictLine extends Omit<OrderConflictLine, 'precio'> {
  precioCentavos: Centavos;
}

/**
 * A 409 that also lists, per line refused, what is available now and at what price; the controller
 * writes `lineas` into its body (orders.wire.ts).
 */
export class OrderConflict extends Conflict {
  constructor(
    message: string,
    readonly lineas: ConflictLine[],
  ) {
    super(message);
  }
}

/**
 * The same product, size and colour twice is one line with both quantities, checked against the
 * per-line limit after merging (three lines of 99 are one of 297, refused), keeping every price
 * the cart showed so a stale one on any of them is refused as it would be alone.
 */
export function mergeLines(lines: AskedLine[]): Line[] {
  const merged: Line[] = [];
  for (const { precioCentavos, ...line } of lines) {
    const same = merged.find((l) => l.producto === line.producto && sameVariant(l, line));
    const precios = precioCentavos === undefined ? [] : [precioCentavos];
    if (same) {
      same.cantidad += line.cantidad;
      same.precios.push(...precios);
    } else merged.push({ ...line, talle: line.talle || null, color: line.color || null, precios });
  }
  if (merged.some((l) => l.cantidad > ORDER_LINE_MAX_QUANTITY))
    throw new ValidationFailed(m.cantidadInvalid, { lineas: m.cantidadInvalid });
  return merged;
}

export const unitsOf = (lines: { cantidad: number }[]) => lines.reduce((sum, l) => sum + l.cantidad, 0);

/** The per-order limit, before anything is locked. */
export function checkOrderSize(lines: Line[], limits: OrderLimits | undefined): void {
  if (limits && unitsOf(lines) > limits.unitsPerOrder) throw new Conflict(m.unitsPerOrder(limits.unitsPerOrder));
}

/** A held order is released by payment, or by the unpaid-order job, which runs every 15 minutes. */
const HELD_RETRY_SECONDS = 15 * 60;

/** Past the unpaid-units cap of the e-mail or of the address: 429 saying the cap and what is left. */
export function checkHeld(held: { byEmail: number; byAddress: number }, units: number, cap: number): void {
  const most = Math.max(held.byEmail, held.byAddress);
  if (most + units > cap) throw new TooManyRequests(m.unpaidUnits(cap, Math.max(cap - most, 0)), HELD_RETRY_SECONDS);
}
