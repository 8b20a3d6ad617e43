import { toCentavos, toPesos, type Centavos } from '@gym/contracts/money';
import type { Order, OrderConflictLine, orderRequestSchema } from '@gym/contracts/orders';
import type { InferType } from 'yup';
import type { AskedLine, ConflictLine } from './orders.limits';
import type { OrderRecord } from './orders.repository';

/**
 * The one place orders' money changes unit: the spec's JSON shows pesos (`total`, a line's
 * `precio` and `subtotal`, a refused line's `precio`); inside the API they are centavos
 * (docs/decisions/0008-centavos-inside-pesos-outside.md).
 */

/** POST /v1/orders as the service takes it: the price each line showed, in centavos. */
export interface PlaceOrderInput {
  comprador: { nombre: string; apellido: string; email: string; celular: string };
  pago: Order['pago'];
  lineas: AskedLine[];
}

/** The request's body, validated, with the cart's pesos read as centavos. */
export function placeOrderInput(body: InferType<typeof orderRequestSchema>): PlaceOrderInput {
  return {
    comprador: body.comprador,
    pago: body.pago as Order['pago'],
    lineas: body.lineas.map(({ precio, ...line }) => ({
      producto: line.producto,
      talle: line.talle ?? null,
      color: line.color ?? null,
      cantidad: line.cantidad,
      ...(precio === undefined ? {} : { precioCentavos: toCentavos(precio) }),
    })),
  };
}

/** The order as the spec's JSON shows it. */
export function toWireOrder(order: OrderRecord): Order {
  const { totalCentavos, lineas, ...rest } = order;
  return {
    ...rest,
    total: toPesos(totalCentavos),
    lineas: lineas.map(({ precioCentavos, subtotalCentavos, ...line }) => ({
      ...line,
      precio: toPesos(precioCentavos),
      subtotal: toPesos(subtotalCentavos),
    })),
  };
}

/** A 409's refused line as its body shows it. */
export const toWireConflictLine = ({ precioCentavos, ...line }: ConflictLine): OrderConflictLine => ({
  ...line,
  precio: toPesos(precioCentavos),
});

/** An order's audit rows keep the spec's `total` in pesos, as the audit's sentences read it. */
export const auditedTotal = (totalCentavos: Centavos): number => toPesos(totalCentavos);
