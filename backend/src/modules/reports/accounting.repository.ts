import type { Knex } from 'knex';

/** One line of the accountant's month: a membership payment or a paid shop order. */
export interface AccountingLine {
  at: Date;
  comprobante: string;
  quien: string;
  concepto: string;
  metodo: string;
  /** Integer centavos. */
  monto: number;
  /** Counted in the month's totals: not voided, not cancelled. */
  vigente: boolean;
}

const BATCH = 1000;
const receipt = (n: number | null) => (n === null ? '—' : `R-${String(n).padStart(6, '0')}`);

/**
 * The month's lines, read in batches (keyset on time and id): a year of a big gym is never held in
 * memory at once, and the answer starts before the last row is read.
 */
export function createAccountingRepository(db: Knex) {
  async function* payments(from: Date, to: Date): AsyncGenerator<AccountingLine> {
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const q = db({ p: 'membership_payments' })
        .leftJoin({ c: 'clients' }, 'c.id_usuario', 'p.id_usuario')
        .leftJoin({ pl: 'plans' }, 'pl.id_plan', 'p.id_plan')
        .where('p.created_at', '>=', from)
        .andWhere('p.created_at', '<', to)
        .select(
          'p.id',
          'p.created_at',
          'p.receipt_number',
          'p.id_usuario',
          'c.nombre',
          'pl.nombre_plan',
          'p.months',
          'p.method',
          'p.amount_centavos',
          'p.voided_at',
        )
        .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }])
        .limit(BATCH);
      if (after) q.andWhereRaw('(p.created_at, p.id) > (?, ?)', [after.at, after.id]);
      const rows: {
        id: string;
        created_at: Date;
        receipt_number: number | null;
        id_usuario: string;
        nombre: string | null;
        nombre_plan: string | null;
        months: number;
        method: string;
        amount_centavos: string | number;
        voided_at: Date | null;
      }[] = await q;
      for (const r of rows) {
        const plan = r.nombre_plan ? ` ${r.nombre_plan}` : '';
        yield {
          at: new Date(r.created_at),
          comprobante: receipt(r.receipt_number),
          quien: `${r.nombre ?? 'Socio'} (${r.id_usuario})`,
          concepto: `Cuota${plan}: ${r.months === 1 ? '1 mes' : `${r.months} meses`}`,
          metodo: r.method,
          monto: Number(r.amount_centavos),
          vigente: r.voided_at === null,
        };
      }
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.created_at, id: last.id };
    }
  }

  async function* orders(from: Date, to: Date): AsyncGenerator<AccountingLine> {
    let after: { at: Date; id: string } | undefined;
    for (;;) {
      const q = db({ o: 'orders' })
        .where('o.pagado_at', '>=', from)
        .andWhere('o.pagado_at', '<', to)
        .select(
          'o.id',
          'o.pagado_at',
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
      if (after) q.andWhereRaw('(o.pagado_at, o.id) > (?, ?)', [after.at, after.id]);
      const rows: {
        id: string;
        pagado_at: Date;
        numero: string;
        comprador_nombre: string;
        comprador_apellido: string;
        pago: string;
        total_centavos: string | number;
        estado: string;
        unidades: string | number;
      }[] = await q;
      for (const r of rows) {
        const units = Number(r.unidades);
        yield {
          at: new Date(r.pagado_at),
          comprobante: `Pedido ${r.numero}`,
          quien: `${r.comprador_nombre} ${r.comprador_apellido}`,
          concepto: `Tienda: ${units === 1 ? '1 producto' : `${units} productos`}`,
          metodo: r.pago,
          monto: Number(r.total_centavos),
          vigente: r.estado !== 'cancelado',
        };
      }
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.pagado_at, id: last.id };
    }
  }

  return { payments, orders };
}

export type AccountingRepository = ReturnType<typeof createAccountingRepository>;
