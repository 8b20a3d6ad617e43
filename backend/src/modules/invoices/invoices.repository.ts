import type { Knex } from 'knex';
import type { InvoicesInsert, InvoicesRow } from '@gym/db';
import { centavos, minus, type Centavos } from '@gym/contracts/money';
import type { ArcaTicket, TicketStore } from './arca';

/** An error or an observation as ARCA words it. */
export interface ArcaMessage {
  code: number;
  msg: string;
}

export type InvoiceState = 'pendiente' | 'autorizada' | 'rechazada' | 'sin_factura';

/** An invoice as the module works with it: days as 'aaaa-mm-dd', money in centavos. */
export interface Invoice {
  id: string;
  /** The order they are authorised in. */
  seq: number;
  kind: 'factura_c' | 'nota_credito_c';
  cbteTipo: 11 | 13;
  ptoVta: number;
  number: number | null;
  state: InvoiceState;
  membershipPaymentId: string | null;
  orderId: string | null;
  idUsuario: string | null;
  detalle: string;
  docTipo: number;
  docNro: string;
  condicionIvaReceptor: number;
  concepto: 1 | 2 | 3;
  totalCentavos: Centavos;
  serviceFrom: string | null;
  serviceTo: string | null;
  paymentDue: string | null;
  date: string | null;
  cae: string | null;
  caeDueDate: string | null;
  arcaErrors: ArcaMessage[] | null;
  attempts: number;
  nextAttemptAt: Date | null;
  associatedInvoiceId: string | null;
  createdAt: Date;
  authorisedAt: Date | null;
}

/** A `date` column as its day: pg gives a Date at local midnight, PGlite may give a string. */
const day = (v: Date | string | null): string | null => {
  if (v === null) return null;
  if (typeof v === 'string') return v.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
};

const toInvoice = (r: InvoicesRow): Invoice => ({
  id: r.id,
  seq: Number(r.seq),
  kind: r.kind as Invoice['kind'],
  cbteTipo: r.cbte_tipo as Invoice['cbteTipo'],
  ptoVta: r.pto_vta,
  number: r.number,
  state: r.state as InvoiceState,
  membershipPaymentId: r.membership_payment_id,
  orderId: r.order_id,
  idUsuario: r.id_usuario,
  detalle: r.detalle,
  docTipo: r.doc_tipo,
  docNro: r.doc_nro,
  condicionIvaReceptor: r.condicion_iva_receptor,
  concepto: r.concepto as Invoice['concepto'],
  totalCentavos: centavos(Number(r.total_centavos)),
  serviceFrom: day(r.service_from),
  serviceTo: day(r.service_to),
  paymentDue: day(r.payment_due),
  date: day(r.cbte_date),
  cae: r.cae,
  caeDueDate: day(r.cae_due_date),
  arcaErrors: (typeof r.arca_errors === 'string' ? JSON.parse(r.arca_errors) : r.arca_errors) as ArcaMessage[] | null,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  associatedInvoiceId: r.associated_invoice_id,
  createdAt: r.created_at,
  authorisedAt: r.authorised_at,
});

export type NewInvoice = Omit<InvoicesInsert, 'id' | 'seq' | 'arca_errors'>;

export interface Series {
  ptoVta: number;
  cbteTipo: number;
}

const DAYS = ['service_from', 'service_to', 'payment_due', 'cbte_date', 'cae_due_date'];

/** Every column, the days as text: both drivers then give 'aaaa-mm-dd', whatever their time zone. */
const columns = (q: Knex, alias = 'invoices') => [
  `${alias}.*`,
  ...DAYS.map((c) => q.raw(`??::text AS ??`, [`${alias}.${c}`, c])),
];

export function createInvoicesRepository(db: Knex) {
  const t = (q: Knex = db) =>
    q('invoices').select(columns(q)) as unknown as Knex.QueryBuilder<InvoicesRow, InvoicesRow[]>;

  return {
    reader: db,
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    async insert(q: Knex, row: NewInvoice): Promise<Invoice> {
      const [inserted] = await q('invoices').insert(row).returning('id');
      return (await this.find(inserted.id, q))!;
    },

    async find(id: string, q: Knex = db): Promise<Invoice | undefined> {
      const row = await t(q).where({ id }).first();
      return row && toInvoice(row);
    },

    async facturaOf(
      q: Knex,
      source: { membershipPaymentId: string } | { orderId: string },
    ): Promise<Invoice | undefined> {
      const where =
        'membershipPaymentId' in source
          ? { membership_payment_id: source.membershipPaymentId }
          : { order_id: source.orderId };
      const row = await t(q)
        .where({ ...where, kind: 'factura_c' })
        .first();
      return row && toInvoice(row);
    },

    /** The authorised Factura C of these payments and orders, in one read (the accountant's batch). */
    async authorisedFacturasOf(sources: { payments: string[]; orders: string[] }): Promise<Invoice[]> {
      if (sources.payments.length === 0 && sources.orders.length === 0) return [];
      const rows = await t()
        .where({ kind: 'factura_c', state: 'autorizada' })
        .andWhere((q) => {
          if (sources.payments.length) void q.whereIn('membership_payment_id', sources.payments);
          if (sources.orders.length) void q.orWhereIn('order_id', sources.orders);
        });
      return rows.map(toInvoice);
    },

    /**
     * Authorised vouchers (facturas and notas de crédito) dated from `from` to before `to`, by date,
     * punto de venta, tipo and number: a batch of `limit` after the keyset `after`.
     */
    async authorisedByDate(
      days: { from: string; to: string },
      limit: number,
      after?: { date: string; ptoVta: number; cbteTipo: number; number: number },
    ): Promise<Invoice[]> {
      const q = t()
        .where('state', 'autorizada')
        .andWhere('cbte_date', '>=', days.from)
        .andWhere('cbte_date', '<', days.to)
        .orderBy([
          { column: 'invoices.cbte_date' },
          { column: 'invoices.pto_vta' },
          { column: 'invoices.cbte_tipo' },
          { column: 'invoices.number' },
        ])
        .limit(limit);
      if (after)
        void q.andWhereRaw(
          '(invoices.cbte_date, invoices.pto_vta, invoices.cbte_tipo, invoices.number) > (?::date, ?, ?, ?)',
          [after.date, after.ptoVta, after.cbteTipo, after.number],
        );
      return (await q).map(toInvoice);
    },

    async creditNoteOf(q: Knex, invoiceId: string): Promise<Invoice | undefined> {
      const row = await t(q).where({ associated_invoice_id: invoiceId }).first();
      return row && toInvoice(row);
    },

    async list(filter: {
      state?: InvoiceState;
      limit: number;
      offset: number;
    }): Promise<{ items: Invoice[]; total: number }> {
      const base = () => (filter.state ? t().where({ state: filter.state }) : t());
      const rows = await base().orderBy('seq', 'desc').limit(filter.limit).offset(filter.offset);
      const counted = await (filter.state ? db('invoices').where({ state: filter.state }) : db('invoices')).count<
        { c: string }[]
      >({ c: '*' });
      return { items: rows.map(toInvoice), total: Number(counted[0]?.c ?? 0) };
    },

    /** A month's vouchers: authorised ones by their date, pending ones by when they were written; centavos. */
    async monthTotals(
      days: { from: string; to: string },
      instants: { from: Date; to: Date },
    ): Promise<{ facturas: Centavos; notas: Centavos; pendientes: Centavos }> {
      const rows: { kind: string; state: string; total: string }[] = await db('invoices')
        .select('kind', 'state')
        .sum({ total: 'total_centavos' })
        .where((q) => {
          void q
            .where((a) => {
              void a
                .where('state', 'autorizada')
                .andWhere('cbte_date', '>=', days.from)
                .andWhere('cbte_date', '<', days.to);
            })
            .orWhere((p) => {
              void p
                .where('state', 'pendiente')
                .andWhere('created_at', '>=', instants.from)
                .andWhere('created_at', '<', instants.to);
            });
        })
        .groupBy('kind', 'state');
      const sum = (kind: string, state: string) =>
        centavos(Number(rows.find((r) => r.kind === kind && r.state === state)?.total ?? 0));
      return {
        facturas: sum('factura_c', 'autorizada'),
        notas: sum('nota_credito_c', 'autorizada'),
        pendientes: minus(sum('factura_c', 'pendiente'), sum('nota_credito_c', 'pendiente')),
      };
    },

    async update(q: Knex, id: string, patch: Partial<InvoicesInsert>): Promise<void> {
      const { arca_errors, ...rest } = patch;
      await q('invoices')
        .where({ id })
        .update({ ...rest, ...(arca_errors === undefined ? {} : { arca_errors: JSON.stringify(arca_errors) }) });
    },

    /** A rejected invoice back to the queue; false when it was not rejected. */
    async requeue(q: Knex, id: string): Promise<boolean> {
      const n = await q('invoices')
        .where({ id, state: 'rechazada' })
        .update({ state: 'pendiente', attempts: 0, next_attempt_at: null, number: null });
      return n === 1;
    },

    /** The series (punto de venta, tipo) with something to authorise. */
    async seriesDue(): Promise<Series[]> {
      const rows = await db('invoices').distinct('pto_vta', 'cbte_tipo').where({ state: 'pendiente' });
      return rows.map((r) => ({ ptoVta: r.pto_vta, cbteTipo: r.cbte_tipo }));
    },

    /**
     * The series for this replica until `until`, unless another holds it: one conditional UPDATE,
     * so of any number of replicas asking at once exactly one numbers it.
     */
    async claimSeries(s: Series, holder: string, now: Date, until: Date): Promise<boolean> {
      await db.raw(
        'INSERT INTO invoice_sequences (pto_vta, cbte_tipo) VALUES (?, ?) ON CONFLICT (pto_vta, cbte_tipo) DO NOTHING',
        [s.ptoVta, s.cbteTipo],
      );
      const n = await db('invoice_sequences')
        .where({ pto_vta: s.ptoVta, cbte_tipo: s.cbteTipo })
        .andWhere((q) => {
          void q.whereNull('leased_until').orWhere('leased_until', '<=', now).orWhere('holder', holder);
        })
        .update({ holder, leased_until: until });
      return n === 1;
    },

    async releaseSeries(s: Series, holder: string): Promise<void> {
      await db('invoice_sequences')
        .where({ pto_vta: s.ptoVta, cbte_tipo: s.cbteTipo, holder })
        .update({ holder: null, leased_until: null });
    },

    /** The invoice that went out and got no answer: it is settled before any other of its series. */
    async inDoubt(s: Series): Promise<Invoice | undefined> {
      const row = await t()
        .where({ pto_vta: s.ptoVta, cbte_tipo: s.cbteTipo, state: 'pendiente' })
        .whereNotNull('number')
        .orderBy('seq')
        .first();
      return row && toInvoice(row);
    },

    /**
     * The next to authorise, in the order the payments were made (the caller waits out its backoff)
     * and, for a credit note, with its invoice authorised (its number and date go in the note).
     */
    async nextDue(s: Series, after = 0): Promise<Invoice | undefined> {
      const row = await db({ i: 'invoices' })
        .select(columns(db, 'i'))
        .leftJoin({ a: 'invoices' }, 'a.id', 'i.associated_invoice_id')
        .where({ 'i.pto_vta': s.ptoVta, 'i.cbte_tipo': s.cbteTipo, 'i.state': 'pendiente' })
        .andWhere('i.seq', '>', after)
        .andWhere((q) => {
          void q.whereNull('i.associated_invoice_id').orWhere('a.state', 'autorizada');
        })
        .orderBy('i.seq')
        .first();
      return row && toInvoice(row as InvoicesRow);
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

/** WSAA's ticket in arca_tickets: one row per service, shared by every replica. */
export function ticketStore(db: Knex): TicketStore {
  return {
    async read(service) {
      const row = await db('arca_tickets').where({ service }).first();
      return row ? { token: row.token, sign: row.sign, expiresAt: new Date(row.expires_at) } : null;
    },
    async save(service, ticket: ArcaTicket) {
      await db('arca_tickets')
        .insert({ service, token: ticket.token, sign: ticket.sign, expires_at: ticket.expiresAt })
        .onConflict('service')
        .merge();
    },
  };
}
