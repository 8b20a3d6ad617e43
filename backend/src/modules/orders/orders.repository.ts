import type { Knex } from 'knex';
import { centavos, type Centavos } from '@gym/contracts/money';
import type { Order, OrderBuyer, OrderLine, OrderState, PaymentMethod } from '@gym/contracts/orders';

export interface NewOrder {
  token: string;
  comprador: OrderBuyer;
  pago: PaymentMethod;
  totalCentavos: Centavos;
  idempotencyKey: string | null;
  requestHash: string | null;
  /** Where a shop buyer ordered from (null for a sale at the desk): counted by the unpaid-units cap. */
  clientAddress: string | null;
  now: Date;
  lineas: (OrderLineRecord & { variantId: string })[];
}

/** An order's line inside the API: its price and subtotal in centavos (orders.wire.ts shows them in pesos). */
export interface OrderLineRecord extends Omit<OrderLine, 'precio' | 'subtotal'> {
  precioCentavos: Centavos;
  subtotalCentavos: Centavos;
}

/** An order as the service reads it: the spec's Order with its money in centavos. */
export interface OrderRecord extends Omit<Order, 'token' | 'total' | 'lineas'> {
  token?: string;
  totalCentavos: Centavos;
  lineas: OrderLineRecord[];
}

export interface StoredOrder extends OrderRecord {
  id: string;
  token: string;
  requestHash: string | null;
}

interface OrderRow {
  id: string;
  numero: string;
  token: string;
  estado: OrderState;
  comprador_nombre: string;
  comprador_apellido: string;
  comprador_email: string;
  comprador_celular: string;
  pago: PaymentMethod;
  total_centavos: number;
  request_hash: string | null;
  created_at: Date;
  pagado_at: Date | null;
  pagado_por: string | null;
  entregado_at: Date | null;
  entregado_por: string | null;
  cancelado_at: Date | null;
  cancelado_por: string | null;
}

interface LineRow {
  order_id: string;
  product_id: string;
  nombre: string;
  talle: string | null;
  color: string | null;
  cantidad: number;
  precio_centavos: number;
  subtotal_centavos: number;
}

const step = (at: Date | null, por: string | null) => (at ? { at: at.toISOString(), por: por ?? '' } : null);

const toOrder = (row: OrderRow, lines: LineRow[]): StoredOrder => ({
  id: row.id,
  numero: row.numero,
  token: row.token,
  requestHash: row.request_hash,
  estado: row.estado,
  totalCentavos: centavos(row.total_centavos),
  lineas: lines.map((l) => ({
    producto: l.product_id,
    nombre: l.nombre,
    talle: l.talle,
    color: l.color,
    cantidad: l.cantidad,
    precioCentavos: centavos(l.precio_centavos),
    subtotalCentavos: centavos(l.subtotal_centavos),
  })),
  comprador: {
    nombre: row.comprador_nombre,
    apellido: row.comprador_apellido,
    email: row.comprador_email,
    celular: row.comprador_celular,
  },
  pago: row.pago,
  entrega: 'Retiro en el gimnasio',
  createdAt: row.created_at.toISOString(),
  pagado: step(row.pagado_at, row.pagado_por),
  entregado: step(row.entregado_at, row.entregado_por),
  cancelado: step(row.cancelado_at, row.cancelado_por),
});

/**
 * The columns each step writes, named here and nowhere else: a state from a request is looked up,
 * never spliced into SQL. `pendiente` is where an order starts: no step leads back to it.
 */
const STEP_COLUMNS: Record<OrderState, { at: string; por: string } | null> = {
  pendiente: null,
  pagado: { at: 'pagado_at', por: 'pagado_por' },
  entregado: { at: 'entregado_at', por: 'entregado_por' },
  cancelado: { at: 'cancelado_at', por: 'cancelado_por' },
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Only this file speaks SQL for orders; `conn` is the service's transaction where one is needed. */
export function createOrdersRepository(db: Knex) {
  async function withLines(conn: Knex, rows: OrderRow[]): Promise<StoredOrder[]> {
    if (rows.length === 0) return [];
    const lines: LineRow[] = await conn('order_lines')
      .select('order_id', 'product_id', 'nombre', 'talle', 'color', 'cantidad', 'precio_centavos', 'subtotal_centavos')
      .whereIn(
        'order_id',
        rows.map((r) => r.id),
      )
      .orderBy(['order_id', 'position']);
    return rows.map((row) =>
      toOrder(
        row,
        lines.filter((l) => l.order_id === row.id),
      ),
    );
  }

  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    /** A cancelled order's units per variant still named (the products' variantStock gives them back). */
    async unitsOf(trx: Knex.Transaction, orderId: string): Promise<{ variantId: string; cantidad: number }[]> {
      const rows: { variant_id: string; cantidad: number }[] = await trx('order_lines')
        .where({ order_id: orderId })
        .whereNotNull('variant_id')
        .groupBy('variant_id')
        .orderBy('variant_id')
        .select('variant_id', trx.raw('sum(cantidad)::int AS cantidad'));
      return rows.map((r) => ({ variantId: r.variant_id, cantidad: r.cantidad }));
    },

    /** The order and its lines, in one statement (the products' variantStock takes the stock after). */
    async insert(trx: Knex.Transaction, order: NewOrder): Promise<StoredOrder> {
      const lines = order.lineas.map((l, position) => ({
        position,
        product_id: l.producto,
        variant_id: l.variantId,
        nombre: l.nombre,
        talle: l.talle,
        color: l.color,
        cantidad: l.cantidad,
        precio_centavos: l.precioCentavos,
        subtotal_centavos: l.subtotalCentavos,
      }));
      const row = {
        token: order.token,
        comprador_nombre: order.comprador.nombre,
        comprador_apellido: order.comprador.apellido,
        comprador_email: order.comprador.email,
        comprador_celular: order.comprador.celular,
        pago: order.pago,
        total_centavos: order.totalCentavos,
        idempotency_key: order.idempotencyKey,
        request_hash: order.requestHash,
        client_address: order.clientAddress,
        created_at: order.now,
        updated_at: order.now,
      };
      const { rows } = await trx.raw(
        `WITH o AS (?),
         x AS (SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(position int, product_id uuid, variant_id uuid,
           nombre text, talle text, color text, cantidad int, precio_centavos bigint, subtotal_centavos bigint)),
         l AS (INSERT INTO order_lines (order_id, position, product_id, variant_id, nombre, talle, color, cantidad,
           precio_centavos, subtotal_centavos) SELECT o.id, x.* FROM o, x)
         SELECT o.* FROM o`,
        [trx('orders').insert(row).returning('*'), JSON.stringify(lines)],
      );
      const stored = (rows as OrderRow[])[0]!;
      const asLines = lines.map((l) => ({ ...l, order_id: stored.id }));
      return toOrder(stored, asLines);
    },

    async findByNumero(numero: string, conn: Knex = db): Promise<StoredOrder | undefined> {
      const rows: OrderRow[] = await conn('orders').select('*').where({ numero }).limit(1);
      return (await withLines(conn, rows))[0];
    },

    async findByIdempotencyKey(key: string): Promise<StoredOrder | undefined> {
      const rows: OrderRow[] = await db('orders').select('*').where({ idempotency_key: key }).limit(1);
      return (await withLines(db, rows))[0];
    },

    async page(filters: { estado?: OrderState; q?: string; page: number; limit: number }) {
      const query = db('orders');
      if (filters.estado) query.where('estado', filters.estado);
      if (filters.q) {
        const like = `%${escapeLike(filters.q)}%`;
        query.where((q) => {
          void q
            .whereILike('numero', like)
            .orWhereILike('comprador_email', like)
            .orWhereRaw("(comprador_nombre || ' ' || comprador_apellido) ILIKE ?", [like]);
        });
      }
      const [counted] = (await query.clone().count({ count: '*' })) as { count: number }[];
      const rows: OrderRow[] = await query
        .select('*')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(filters.limit)
        .offset((filters.page - 1) * filters.limit);
      return { orders: await withLines(db, rows), total: counted?.count ?? 0 };
    },

    /** The order's row locked until the transaction ends, so a step is decided on its current state. */
    async lockOrder(
      trx: Knex.Transaction,
      numero: string,
    ): Promise<
      | { id: string; estado: OrderState; pago: PaymentMethod; pagadoPor: string | null; totalCentavos: Centavos }
      | undefined
    > {
      type Locked = Pick<OrderRow, 'id' | 'estado' | 'pago' | 'pagado_por' | 'total_centavos'>;
      const row: Locked | undefined = await trx('orders')
        .select('id', 'estado', 'pago', 'pagado_por', 'total_centavos')
        .where({ numero })
        .forUpdate()
        .first();
      return (
        row && {
          id: row.id,
          estado: row.estado,
          pago: row.pago,
          pagadoPor: row.pagado_por,
          totalCentavos: centavos(row.total_centavos),
        }
      );
    },

    /** Writes the step: the state, and who took it and when in that step's own columns. */
    async setState(trx: Knex.Transaction, id: string, to: OrderState, by: string, now: Date): Promise<void> {
      const step = STEP_COLUMNS[to];
      if (!step) throw new Error(`no step leads to ${to}`);
      await trx('orders')
        .where({ id })
        .update({ estado: to, updated_at: now, [step.at]: now, [step.por]: by });
    },

    /**
     * Serialises one buyer's orders (by e-mail and by address) until the transaction ends, so
     * orders sent at once from one buyer count each other's units. Keys are locked in one order
     * by everyone, and before any variant, so two orders never wait on each other in a circle.
     */
    async lockBuyer(trx: Knex.Transaction, keys: string[]): Promise<void> {
      // One statement: unnest yields the sorted keys in order, and each is locked as its row is read.
      const sorted = [...keys].sort().map((key) => `order-buyer:${key}`);
      await trx.raw('SELECT pg_advisory_xact_lock(hashtextextended(key, 0)) FROM unnest(?::text[]) AS key', [sorted]);
    },

    /** Units in pending orders of this e-mail, and of this address. */
    async heldUnits(trx: Knex.Transaction, email: string, address: string) {
      const { rows } = await trx.raw(
        `SELECT coalesce(sum(l.cantidad) FILTER (WHERE o.comprador_email = ?), 0)::int AS by_email,
                coalesce(sum(l.cantidad) FILTER (WHERE o.client_address = ?), 0)::int AS by_address
           FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.estado = 'pendiente' AND (o.comprador_email = ? OR o.client_address = ?)`,
        [email, address, email, address],
      );
      const row = (rows as { by_email: number; by_address: number }[])[0];
      return { byEmail: row?.by_email ?? 0, byAddress: row?.by_address ?? 0 };
    },

    /**
     * Pending orders created before `before`, or before `large.before` with more than `large.units`
     * units (a large hold ends sooner), oldest first.
     */
    async unpaidBefore(before: Date, limit: number, large?: { before: Date; units: number }): Promise<string[]> {
      const query = db('orders as o').select('o.numero').where('o.estado', 'pendiente');
      if (!large) query.andWhere('o.created_at', '<', before);
      else
        query.andWhere((q) => {
          void q.where('o.created_at', '<', before).orWhere((big) => {
            void big
              .where('o.created_at', '<', large.before)
              .andWhereRaw('(SELECT sum(l.cantidad) FROM order_lines l WHERE l.order_id = o.id) > ?', [large.units]);
          });
        });
      const rows: { numero: string }[] = await query.orderBy('o.created_at').limit(limit);
      return rows.map((r) => r.numero);
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
