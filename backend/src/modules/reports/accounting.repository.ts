import type { Knex } from 'knex';
import { countOf } from '@gym/contracts/format';
import { GYM_TIME_ZONE } from '@gym/contracts/membership-dates';
import { receiptLabel } from '../../shared/receipts';
import { centavos, type Centavos } from '@gym/contracts/money';
import type { LibroIvaVoucher, LineInvoice } from '@gym/contracts/reports';

/**
 * What the export reads of the invoices module (issue 44), passed in by the app: the reports module
 * never reads the invoices table itself (ADR 0012), and invoices already imports from here.
 */
export interface AccountingInvoices {
  /** The authorised Factura C of these payments and orders, by their id: asked once per batch of lines. */
  facturasOf(sources: { payments: string[]; orders: string[] }): Promise<Map<string, LineInvoice>>;
  /** The days' authorised vouchers by date ('aaaa-mm-dd', to excluded). */
  libroIvaVentas(fromDay: string, toDay: string): AsyncIterable<LibroIvaVoucher>;
}

/** One line of the accountant's month: a membership payment or a paid shop order. */
export interface AccountingLine {
  /** The day in Tucumán, 'aaaa-mm-dd' (from SQL: one conversion per row there, not in JavaScript). */
  dia: string;
  comprobante: string;
  quien: string;
  concepto: string;
  metodo: string;
  monto: Centavos;
  /** Counted in the month's totals: not voided, not cancelled. */
  vigente: boolean;
  /** Its authorised Factura C, when ARCA gave it one. */
  factura: LineInvoice | undefined;
}

const BATCH = 5000;
/** The instant's day in the gym's zone, as `dia`. */
const dayInTucuman = (db: Knex, column: string) =>
  db.raw(`to_char(?? AT TIME ZONE ?, 'YYYY-MM-DD') AS dia`, [column, GYM_TIME_ZONE]);

/**
 * The period's lines, read in batches (keyset on time and id, from indexes on both): a year of a
 * big gym is never held in memory at once, and the answer starts before the last row is read. The
 * keyset's time goes back as PostgreSQL wrote it (text): a JavaScript Date would drop microseconds
 * and read the batch's last row again.
 */
/** Where a keyset walk goes on from: the last row's time, as PostgreSQL wrote it, and id. */
interface Cursor {
  at: string;
  id: string;
}

/**
 * A keyset walk's batches, the next one already asked for while the caller writes this one (the
 * database and the writing overlap). A walk left early lets its last request end unheard.
 */
async function* batches<R extends { id: string; cursor: string }>(read: (after?: Cursor) => Promise<R[]>) {
  let next: Promise<R[]> | undefined = read();
  try {
    while (next) {
      const rows: R[] = await next;
      const last = rows.at(-1);
      next = rows.length === BATCH && last ? read({ at: last.cursor, id: last.id }) : undefined;
      yield rows;
    }
  } finally {
    void next?.catch(() => undefined);
  }
}

export function createAccountingRepository(db: Knex, invoices: AccountingInvoices) {
  async function* payments(from: Date, to: Date): AsyncGenerator<AccountingLine> {
    const read = (after?: Cursor) => {
      const q = db({ p: 'membership_payments' })
        .leftJoin({ c: 'clients' }, 'c.id_usuario', 'p.id_usuario')
        .leftJoin({ pl: 'plans' }, 'pl.id_plan', 'p.id_plan')
        .where('p.created_at', '>=', from)
        .andWhere('p.created_at', '<', to)
        .select(
          'p.id',
          db.raw('p.created_at::text AS cursor'),
          dayInTucuman(db, 'p.created_at'),
          'p.receipt_number',
          'p.id_usuario',
          'c.nombre',
          'pl.nombre_plan',
          'p.months',
          'p.method',
          'p.amount_centavos',
          db.raw('(p.voided_at IS NULL) AS vigente'),
        )
        .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }])
        .limit(BATCH);
      if (after) q.andWhereRaw('(p.created_at, p.id) > (?::timestamptz, ?)', [after.at, after.id]);
      return q as Promise<
        {
          id: string;
          cursor: string;
          dia: string;
          receipt_number: number | null;
          id_usuario: string;
          nombre: string | null;
          nombre_plan: string | null;
          months: number;
          method: string;
          amount_centavos: number;
          vigente: boolean;
        }[]
      >;
    };
    for await (const rows of batches(read)) {
      const facturas = await invoices.facturasOf({ payments: rows.map((r) => r.id), orders: [] });
      for (const r of rows) {
        const plan = r.nombre_plan ? ` ${r.nombre_plan}` : '';
        yield {
          dia: r.dia,
          comprobante: receiptLabel(r.receipt_number),
          quien: `${r.nombre ?? 'Socio'} (${r.id_usuario})`,
          concepto: `Cuota${plan}: ${countOf(r.months, 'mes', 'meses')}`,
          metodo: r.method,
          monto: centavos(r.amount_centavos),
          vigente: r.vigente,
          factura: facturas.get(r.id),
        };
      }
    }
  }

  async function* orders(from: Date, to: Date): AsyncGenerator<AccountingLine> {
    const read = (after?: Cursor) => {
      const q = db({ o: 'orders' })
        .where('o.pagado_at', '>=', from)
        .andWhere('o.pagado_at', '<', to)
        .select(
          'o.id',
          db.raw('o.pagado_at::text AS cursor'),
          dayInTucuman(db, 'o.pagado_at'),
          'o.numero',
          'o.comprador_nombre',
          'o.comprador_apellido',
          'o.pago',
          'o.total_centavos',
          'o.estado',
          db.raw('(SELECT coalesce(sum(l.cantidad), 0) FROM order_lines l WHERE l.order_id = o.id) AS unidades'),
        )
        .orderBy([{ column: 'o.pagado_at' }, { column: 'o.id' }])
        .limit(BATCH);
      if (after) q.andWhereRaw('(o.pagado_at, o.id) > (?::timestamptz, ?)', [after.at, after.id]);
      return q as Promise<
        {
          id: string;
          cursor: string;
          dia: string;
          numero: string;
          comprador_nombre: string;
          comprador_apellido: string;
          pago: string;
          total_centavos: number;
          estado: string;
          unidades: number;
        }[]
      >;
    };
    for await (const rows of batches(read)) {
      const facturas = await invoices.facturasOf({ payments: [], orders: rows.map((r) => r.id) });
      for (const r of rows) {
        yield {
          dia: r.dia,
          comprobante: `Pedido ${r.numero}`,
          quien: `${r.comprador_nombre} ${r.comprador_apellido}`,
          concepto: `Tienda: ${countOf(r.unidades, 'producto', 'productos')}`,
          metodo: r.pago,
          monto: centavos(r.total_centavos),
          vigente: r.estado !== 'cancelado',
          factura: facturas.get(r.id),
        };
      }
    }
  }

  return { payments, orders, libroIvaVentas: invoices.libroIvaVentas.bind(invoices) };
}

export type AccountingRepository = ReturnType<typeof createAccountingRepository>;
