import type { Knex } from 'knex';
import type {
  ArrepentimientoOutcome,
  ArrepentimientoView,
  BajaTarget,
  BajaView,
} from '@gym/contracts/consumer-requests';
import type { IsoDate } from '@gym/contracts/membership-dates';

export interface NewBaja {
  codigo: string;
  nombre: string;
  contacto: string;
  que: BajaTarget[];
  motivo: string;
  idUsuario: string | null;
  efectivaDesde: IsoDate | null;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

export interface NewArrepentimiento {
  codigo: string;
  numero: string;
  email: string;
  pago: string;
  outcome: ArrepentimientoOutcome;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

interface BajaRow {
  codigo: string;
  nombre: string;
  contacto: string;
  membresia: boolean;
  debito: boolean;
  motivo: string;
  id_usuario: string | null;
  efectiva_desde: string | null;
  ip: string | null;
  created_at: Date;
}

interface ArrepentimientoRow {
  codigo: string;
  numero: string;
  email: string;
  pago: string;
  outcome: ArrepentimientoOutcome;
  created_at: Date;
  resolved_at: Date | null;
}

const toBaja = (r: BajaRow): BajaView => ({
  codigo: r.codigo,
  nombre: r.nombre,
  contacto: r.contacto,
  que: [...(r.membresia ? ['membresia' as const] : []), ...(r.debito ? ['debito' as const] : [])],
  motivo: r.motivo,
  idUsuario: r.id_usuario,
  efectivaDesde: r.efectiva_desde,
  createdAt: r.created_at.toISOString(),
  ip: r.ip,
});

const toArrepentimiento = (r: ArrepentimientoRow): ArrepentimientoView => ({
  codigo: r.codigo,
  numero: r.numero,
  email: r.email,
  pago: r.pago,
  outcome: r.outcome,
  createdAt: r.created_at.toISOString(),
  resolvedAt: r.resolved_at?.toISOString() ?? null,
});

const bajaColumns = (q: Knex) => [
  'codigo',
  'nombre',
  'contacto',
  'membresia',
  'debito',
  'motivo',
  'id_usuario',
  q.raw('efectiva_desde::text AS efectiva_desde'),
  'ip',
  'created_at',
];
const arrepentimientoColumns = ['codigo', 'numero', 'email', 'pago', 'outcome', 'created_at', 'resolved_at'];

/** The only SQL of the consumer-law requests; they are inserted and read, never deleted. */
export function createConsumerRequestsRepository(db: Knex) {
  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    async insertBaja(trx: Knex, b: NewBaja): Promise<void> {
      await trx('consumer_bajas').insert({
        codigo: b.codigo,
        nombre: b.nombre,
        contacto: b.contacto,
        membresia: b.que.includes('membresia'),
        debito: b.que.includes('debito'),
        motivo: b.motivo,
        id_usuario: b.idUsuario,
        efectiva_desde: b.efectivaDesde,
        ip: b.ip,
        user_agent: b.userAgent,
        created_at: b.now,
      });
    },

    async bajas(limit: number): Promise<BajaView[]> {
      const rows: BajaRow[] = await db('consumer_bajas')
        .select(bajaColumns(db))
        .orderBy('created_at', 'desc')
        .limit(limit);
      return rows.map(toBaja);
    },

    /** The latest baja a member asked for, if any: the day their membership stops being charged. */
    async latestBajaOf(idUsuario: string): Promise<BajaView | undefined> {
      const row: BajaRow | undefined = await db('consumer_bajas')
        .select(bajaColumns(db))
        .where({ id_usuario: idUsuario })
        .orderBy('created_at', 'desc')
        .first();
      return row && toBaja(row);
    },

    async insertArrepentimiento(trx: Knex, a: NewArrepentimiento): Promise<boolean> {
      const inserted = await trx('consumer_arrepentimientos')
        .insert({
          codigo: a.codigo,
          numero: a.numero,
          email: a.email,
          pago: a.pago,
          outcome: a.outcome,
          ip: a.ip,
          user_agent: a.userAgent,
          created_at: a.now,
        })
        .onConflict('numero')
        .ignore()
        .returning('codigo');
      return inserted.length === 1;
    },

    async arrepentimientoOf(numero: string, q: Knex = db): Promise<ArrepentimientoView | undefined> {
      const row: ArrepentimientoRow | undefined = await q('consumer_arrepentimientos')
        .select(arrepentimientoColumns)
        .where({ numero })
        .first();
      return row && toArrepentimiento(row);
    },

    async arrepentimientos(limit: number): Promise<ArrepentimientoView[]> {
      const rows: ArrepentimientoRow[] = await db('consumer_arrepentimientos')
        .select(arrepentimientoColumns)
        .orderBy('created_at', 'desc')
        .limit(limit);
      return rows.map(toArrepentimiento);
    },

    /** Moves one request on from the state it is in now; false when it was not in `from` any more. */
    async resolve(
      trx: Knex,
      numero: string,
      from: ArrepentimientoOutcome,
      to: { outcome: ArrepentimientoOutcome; refundId?: string; by: string; now: Date },
    ): Promise<boolean> {
      const updated = await trx('consumer_arrepentimientos')
        .where({ numero, outcome: from })
        .update({ outcome: to.outcome, refund_id: to.refundId ?? null, resolved_at: to.now, resolved_by: to.by });
      return updated === 1;
    },
  };
}

export type ConsumerRequestsRepository = ReturnType<typeof createConsumerRequestsRepository>;
