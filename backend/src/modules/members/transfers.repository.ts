import type { Knex } from 'knex';
import { receiptNumber } from '../../shared/receipts';
import { centavos, times, type Centavos } from '@gym/contracts/money';
import type { DeskTransferUpload } from '@gym/contracts/transfer-review';
import type { IsoDate } from '@gym/contracts/membership-dates';
import type { TransferStatus, TransferUpload } from '@gym/contracts/members';

interface UploadRow {
  id: string;
  id_usuario: string;
  nombre: string;
  amount_centavos: Centavos;
  months: number;
  content_type: string;
  status: TransferStatus;
  created_at: Date;
  decided_at: Date | null;
  reject_reason: string | null;
  receipt_number: number | null;
}

const toUpload = (r: UploadRow): TransferUpload => ({
  id: r.id,
  idUsuario: r.id_usuario,
  nombre: r.nombre,
  amountCentavos: r.amount_centavos,
  months: r.months,
  contentType: r.content_type,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
  rejectReason: r.reject_reason,
  receipt: r.receipt_number === null ? null : receiptNumber(r.receipt_number),
});

/** Members' transfer receipts; the file (bytea) is read only when someone opens it. */
export function createTransfersRepository(db: Knex) {
  const listing = () =>
    db({ t: 'transfer_uploads' })
      .join({ c: 'clients' }, 'c.id_usuario', 't.id_usuario')
      .leftJoin({ p: 'membership_payments' }, 'p.id', 't.payment_id')
      .select(
        't.id',
        't.id_usuario',
        'c.nombre',
        't.amount_centavos',
        't.months',
        't.content_type',
        't.status',
        't.created_at',
        't.decided_at',
        't.reject_reason',
        'p.receipt_number',
      );

  /** The uploads waiting, as the desk's dashboard counts them (its SQL has the same conditions). */
  async function countPending(): Promise<number> {
    const row = await db({ t: 'transfer_uploads' })
      .join({ c: 'clients' }, 'c.id_usuario', 't.id_usuario')
      .where('t.status', 'pendiente')
      .whereNull('c.archived_at')
      .count<{ count: number }>({ count: '*' })
      .first();
    return row?.count ?? 0;
  }

  return {
    async insert(
      trx: Knex,
      u: { idUsuario: string; contentType: string; bytes: Buffer; amountCentavos: Centavos; months: number; now: Date },
    ): Promise<string> {
      const [row] = await trx('transfer_uploads')
        .insert({
          id_usuario: u.idUsuario,
          content_type: u.contentType,
          bytes: u.bytes,
          amount_centavos: u.amountCentavos,
          months: u.months,
          created_at: u.now,
        })
        .returning('id');
      return (row as { id: string }).id;
    },

    async find(id: string): Promise<TransferUpload | undefined> {
      const row: UploadRow | undefined = await listing().where('t.id', id).first();
      return row && toUpload(row);
    },

    async file(id: string): Promise<{ id: string; idUsuario: string; contentType: string; bytes: Buffer } | undefined> {
      const row: { id_usuario: string; content_type: string; bytes: Buffer } | undefined = await db('transfer_uploads')
        .where({ id })
        .first('id_usuario', 'content_type', 'bytes');
      return row && { id, idUsuario: row.id_usuario, contentType: row.content_type, bytes: Buffer.from(row.bytes) };
    },

    /**
     * One page of the desk's list: the ones waiting, oldest first (clients archived meanwhile left
     * out, as the dashboard's count leaves them), with the plan's fee and the member's paid-until.
     */
    async pendingPage(page: number, limit: number): Promise<{ items: DeskTransferUpload[]; total: number }> {
      const rows: (UploadRow & {
        nombre_plan: string;
        cuota_mensual_centavos: Centavos;
        paid_until: IsoDate | null;
      })[] = await listing()
        .join({ pl: 'plans' }, 'pl.id_plan', 'c.plan')
        .leftJoin({ m: 'memberships' }, 'm.id_usuario', 't.id_usuario')
        .select('pl.nombre_plan', 'pl.cuota_mensual_centavos', db.raw('m.paid_until::text AS paid_until'))
        .where('t.status', 'pendiente')
        .whereNull('c.archived_at')
        .orderBy([{ column: 't.created_at' }, { column: 't.id' }])
        .limit(limit)
        .offset((page - 1) * limit);
      const items = rows.map((r) => {
        const planPriceCentavos = r.cuota_mensual_centavos;
        return {
          ...toUpload(r),
          planName: r.nombre_plan,
          planPriceCentavos,
          expectedCentavos: times(planPriceCentavos, r.months),
          paidUntil: r.paid_until,
        };
      });
      return { items, total: await countPending() };
    },

    /** A member's receipts waiting for the desk, oldest first. */
    async pendingOf(q: Knex, idUsuario: string): Promise<{ amountCentavos: Centavos; createdAt: string }[]> {
      const rows: { amount_centavos: number; created_at: Date }[] = await q('transfer_uploads')
        .where({ id_usuario: idUsuario, status: 'pendiente' })
        .orderBy('created_at')
        .select('amount_centavos', 'created_at');
      return rows.map((r) => ({ amountCentavos: centavos(r.amount_centavos), createdAt: r.created_at.toISOString() }));
    },

    async ofMember(idUsuario: string): Promise<TransferUpload[]> {
      const rows: UploadRow[] = await listing()
        .where('t.id_usuario', idUsuario)
        .orderBy('t.created_at', 'desc')
        .limit(12);
      return rows.map(toUpload);
    },

    /** Claims a waiting upload for a decision, once: false when someone decided it first. */
    async decide(
      trx: Knex,
      id: string,
      decision: { status: 'aprobado'; paymentId: string } | { status: 'rechazado'; reason: string },
      by: string | null,
      now: Date,
    ): Promise<boolean> {
      const updated: unknown[] = await trx('transfer_uploads')
        .where({ id, status: 'pendiente' })
        .update({
          status: decision.status,
          decided_at: now,
          decided_by: by,
          payment_id: decision.status === 'aprobado' ? decision.paymentId : null,
          reject_reason: decision.status === 'rechazado' ? decision.reason : null,
        })
        .returning('id');
      return updated.length === 1;
    },
  };
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
