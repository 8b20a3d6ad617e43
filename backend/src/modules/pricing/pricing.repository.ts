import type { Knex } from 'knex';
import { centavos, type Centavos } from '@gym/contracts/money';
import type { PriceChangeKind, PriceChangeStatus } from '@gym/contracts/pricing';

export interface IpcValue {
  /** 'aaaa-mm-01'. */
  month: string;
  value: number;
  source: 'api' | 'csv';
  fetchedAt: Date;
}

export interface PriceChange {
  id: string;
  effectiveDate: string;
  kind: PriceChangeKind;
  value: number;
  ipcMonth: string | null;
  rounding: number;
  status: PriceChangeStatus;
  noticeSentAt: Date | null;
  appliedAt: Date | null;
  debitsUpdatedAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
}

export interface PriceChangeItem {
  changeId: string;
  idPlan: number;
  oldFee: Centavos;
  newFee: Centavos;
}

/** A member of a plan as a change sees them: contact, paid-until, an open pause, archived. */
export interface PlanMember {
  idUsuario: string;
  nombre: string;
  correo: string;
  celular: number | string;
  idPlan: number;
  paidUntil: string | null;
  paused: boolean;
  archived: boolean;
}

interface ChangeRow {
  id: string;
  effective_date: string;
  kind: PriceChangeKind;
  value: string | number;
  ipc_month: string | null;
  rounding_centavos: number;
  status: PriceChangeStatus;
  notice_sent_at: Date | null;
  applied_at: Date | null;
  debits_updated_at: Date | null;
  created_by: string | null;
  created_at: Date;
}

/** The change's columns, its dates as 'aaaa-mm-dd' text (pg would make them Dates at midnight). */
const changeColumns = (q: Knex, prefix = '') => [
  `${prefix}id`,
  q.raw(`to_char(${prefix}effective_date, 'YYYY-MM-DD') AS effective_date`),
  `${prefix}kind`,
  `${prefix}value`,
  q.raw(`to_char(${prefix}ipc_month, 'YYYY-MM-DD') AS ipc_month`),
  `${prefix}rounding_centavos`,
  `${prefix}status`,
  `${prefix}notice_sent_at`,
  `${prefix}applied_at`,
  `${prefix}debits_updated_at`,
  `${prefix}created_by`,
  `${prefix}created_at`,
];

const day = (value: unknown): string =>
  value instanceof Date
    ? `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`
    : String(value);

const toChange = (r: ChangeRow): PriceChange => ({
  id: r.id,
  effectiveDate: day(r.effective_date),
  kind: r.kind,
  value: Number(r.value),
  ipcMonth: r.ipc_month === null ? null : day(r.ipc_month),
  rounding: r.rounding_centavos,
  status: r.status,
  noticeSentAt: r.notice_sent_at,
  appliedAt: r.applied_at,
  debitsUpdatedAt: r.debits_updated_at,
  createdBy: r.created_by,
  createdAt: r.created_at,
});

export interface NewChange {
  effectiveDate: string;
  kind: PriceChangeKind;
  value: number;
  ipcMonth: string | null;
  rounding: number;
  createdBy: string | null;
}

export function createPricingRepository(db: Knex) {
  const changes = (q: Knex) => q('price_changes').select(changeColumns(q));

  return {
    reader: db,

    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    /** The API's values replace the CSV's; the CSV only fills months the table lacks. */
    async saveIpc(values: { month: string; value: number }[], source: 'api' | 'csv', now: Date): Promise<number> {
      if (values.length === 0) return 0;
      const rows = values.map((v) => ({ month: v.month, value: v.value, source, fetched_at: now }));
      const insert = db('ipc_values').insert(rows).onConflict('month');
      const saved = await (
        source === 'api' ? insert.merge(['value', 'source', 'fetched_at']) : insert.ignore()
      ).returning('month');
      return (saved as unknown[]).length;
    },

    /** The last `count` months, newest first. */
    async lastIpc(count: number): Promise<IpcValue[]> {
      const rows: { month: unknown; value: string; source: 'api' | 'csv'; fetched_at: Date }[] = await db('ipc_values')
        .select(db.raw("to_char(month, 'YYYY-MM-DD') AS month"), 'value', 'source', 'fetched_at')
        .orderBy('month', 'desc')
        .limit(count);
      return rows.map((r) => ({
        month: day(r.month),
        value: Number(r.value),
        source: r.source,
        fetchedAt: r.fetched_at,
      }));
    },

    /** The values of these months ('aaaa-mm-01'), by month. */
    async ipcOf(months: string[]): Promise<Map<string, number>> {
      const rows: { month: unknown; value: string }[] = await db('ipc_values')
        .select(db.raw("to_char(month, 'YYYY-MM-DD') AS month"), 'value')
        .whereIn('month', months);
      return new Map(rows.map((r) => [day(r.month), Number(r.value)]));
    },

    /** Everyone holding these plans, archived ones too, with paid-until and whether a pause is open. */
    async members(idPlans: readonly number[]): Promise<PlanMember[]> {
      if (idPlans.length === 0) return [];
      const rows: {
        id_usuario: string;
        nombre: string;
        correo: string;
        celular: number | string;
        plan: number;
        paid_until: unknown;
        paused: boolean;
        archived: boolean;
      }[] = await db({ c: 'clients' })
        .leftJoin({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
        .whereIn('c.plan', [...idPlans])
        .orderBy('c.id_usuario')
        .select(
          'c.id_usuario',
          'c.nombre',
          'c.correo',
          'c.celular',
          'c.plan',
          db.raw("to_char(m.paid_until, 'YYYY-MM-DD') AS paid_until"),
          db.raw(
            'EXISTS (SELECT 1 FROM membership_pauses p WHERE p.id_usuario = c.id_usuario AND p.ended_on IS NULL) AS paused',
          ),
          db.raw('c.archived_at IS NOT NULL AS archived'),
        );
      return rows.map((r) => ({
        idUsuario: r.id_usuario,
        nombre: r.nombre,
        correo: r.correo,
        celular: r.celular,
        idPlan: r.plan,
        paidUntil: r.paid_until === null || r.paid_until === undefined ? null : day(r.paid_until),
        paused: r.paused,
        archived: r.archived,
      }));
    },

    async insertChange(
      trx: Knex,
      input: NewChange,
      items: PriceChangeItem[],
      now: Date,
      categorias: readonly string[] = [],
    ): Promise<PriceChange> {
      const [row] = await trx('price_changes')
        .insert({
          effective_date: input.effectiveDate,
          kind: input.kind,
          value: input.value,
          ipc_month: input.ipcMonth,
          rounding_centavos: input.rounding,
          created_by: input.createdBy,
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      const change = (await this.find(trx, (row as { id: string }).id))!;
      await this.replaceItems(trx, change.id, change.effectiveDate, items);
      await this.replaceCategories(trx, change.id, change.effectiveDate, categorias);
      return change;
    },

    async replaceCategories(trx: Knex, changeId: string, effectiveDate: string, categorias: readonly string[]) {
      await trx('price_change_categories').where({ change_id: changeId }).delete();
      if (categorias.length === 0) return;
      await trx('price_change_categories').insert(
        categorias.map((categoria) => ({ change_id: changeId, categoria, effective_date: effectiveDate })),
      );
    },

    /** The shop categories of these changes, by change. */
    async categoriesOf(changeIds: readonly string[], q: Knex = db): Promise<Map<string, string[]>> {
      const byChange = new Map<string, string[]>();
      if (changeIds.length === 0) return byChange;
      const rows: { change_id: string; categoria: string }[] = await q('price_change_categories')
        .whereIn('change_id', [...changeIds])
        .orderBy('categoria')
        .select('change_id', 'categoria');
      for (const r of rows) byChange.set(r.change_id, [...(byChange.get(r.change_id) ?? []), r.categoria]);
      return byChange;
    },

    /** A category of these with a live change on that date, other than `except`. */
    async categoryTakenOn(categorias: readonly string[], effectiveDate: string, except?: string) {
      if (categorias.length === 0) return undefined;
      const query = db('price_change_categories')
        .whereIn('categoria', [...categorias])
        .where({ effective_date: effectiveDate, active: true });
      if (except) query.whereNot({ change_id: except });
      const row: { categoria: string } | undefined = await query.first('categoria');
      return row?.categoria;
    },

    /** How many products a change's category repricing changed, on its date. */
    async categoriesApplied(trx: Knex, changeId: string, changed: number): Promise<void> {
      await trx('price_change_categories').where({ change_id: changeId }).update({ products_changed: changed });
    },

    async replaceItems(trx: Knex, changeId: string, effectiveDate: string, items: PriceChangeItem[]): Promise<void> {
      await trx('price_change_items').where({ change_id: changeId }).delete();
      if (items.length === 0) return;
      await trx('price_change_items').insert(
        items.map((i) => ({
          change_id: changeId,
          id_plan: i.idPlan,
          effective_date: effectiveDate,
          old_fee_centavos: i.oldFee,
          new_fee_centavos: i.newFee,
        })),
      );
    },

    async updateChange(
      trx: Knex,
      id: string,
      patch: Partial<Omit<NewChange, 'createdBy'>> & {
        status?: PriceChangeStatus;
        noticeSentAt?: Date;
        appliedAt?: Date;
        debitsUpdatedAt?: Date;
      },
      now: Date,
    ): Promise<void> {
      const row: Record<string, unknown> = { updated_at: now };
      if (patch.effectiveDate !== undefined) row.effective_date = patch.effectiveDate;
      if (patch.kind !== undefined) row.kind = patch.kind;
      if (patch.value !== undefined) row.value = patch.value;
      if (patch.ipcMonth !== undefined) row.ipc_month = patch.ipcMonth;
      if (patch.rounding !== undefined) row.rounding_centavos = patch.rounding;
      if (patch.status !== undefined) row.status = patch.status;
      if (patch.noticeSentAt !== undefined) row.notice_sent_at = patch.noticeSentAt;
      if (patch.appliedAt !== undefined) row.applied_at = patch.appliedAt;
      if (patch.debitsUpdatedAt !== undefined) row.debits_updated_at = patch.debitsUpdatedAt;
      await trx('price_changes').where({ id }).update(row);
      for (const table of ['price_change_items', 'price_change_categories']) {
        if (patch.effectiveDate !== undefined)
          await trx(table).where({ change_id: id }).update({ effective_date: patch.effectiveDate });
        if (patch.status === 'cancelado') await trx(table).where({ change_id: id }).update({ active: false });
      }
    },

    /** One change; `lock` holds its row until the caller's transaction ends. */
    async find(q: Knex, id: string, lock = false): Promise<PriceChange | undefined> {
      const query = changes(q).where({ id }).first();
      if (lock) query.forUpdate();
      const row = (await query) as ChangeRow | undefined;
      return row && toChange(row);
    },

    async list(): Promise<PriceChange[]> {
      const rows = (await changes(db).orderBy('effective_date', 'desc').orderBy('created_at', 'desc')) as ChangeRow[];
      return rows.map(toChange);
    },

    async itemsOf(changeIds: readonly string[], q: Knex = db): Promise<PriceChangeItem[]> {
      if (changeIds.length === 0) return [];
      const rows: { change_id: string; id_plan: number; old_fee_centavos: number; new_fee_centavos: number }[] =
        await q('price_change_items')
          .whereIn('change_id', [...changeIds])
          .orderBy('id_plan')
          .select('change_id', 'id_plan', 'old_fee_centavos', 'new_fee_centavos');
      return rows.map((r) => ({
        changeId: r.change_id,
        idPlan: r.id_plan,
        oldFee: centavos(Number(r.old_fee_centavos)),
        newFee: centavos(Number(r.new_fee_centavos)),
      }));
    },

    /** A plan of these with a live change on that date, other than `except`. */
    async planTakenOn(idPlans: readonly number[], effectiveDate: string, except?: string): Promise<number | undefined> {
      const query = db('price_change_items')
        .whereIn('id_plan', [...idPlans])
        .where({ effective_date: effectiveDate, active: true });
      if (except) query.whereNot({ change_id: except });
      const row: { id_plan: number } | undefined = await query.first('id_plan');
      return row?.id_plan;
    },

    /** Changes whose members have not been told yet. */
    async toNotify(): Promise<PriceChange[]> {
      const rows = (await changes(db).where({ status: 'programado' }).orderBy('created_at')) as ChangeRow[];
      return rows.map(toChange);
    },

    /** Told changes whose date has come. */
    async due(today: string): Promise<PriceChange[]> {
      const rows = (await changes(db)
        .where({ status: 'avisado' })
        .where('effective_date', '<=', today)
        .orderBy('effective_date')) as ChangeRow[];
      return rows.map(toChange);
    },

    /** Applied changes whose debits still wait for the new amount. */
    async debitsPending(): Promise<PriceChange[]> {
      const rows = (await changes(db)
        .where({ status: 'aplicado' })
        .whereNull('debits_updated_at')
        .orderBy('effective_date')) as ChangeRow[];
      return rows.map(toChange);
    },

    /** Told, not yet applied changes of a plan (a member's banner). */
    async noticesForPlan(idPlan: number): Promise<(PriceChange & { item: PriceChangeItem })[]> {
      const rows: (ChangeRow & { id_plan: number; old_fee_centavos: number; new_fee_centavos: number })[] = await db({
        pc: 'price_changes',
      })
        .join({ i: 'price_change_items' }, 'i.change_id', 'pc.id')
        .where({ 'pc.status': 'avisado', 'i.id_plan': idPlan })
        .orderBy('pc.effective_date')
        .select(...changeColumns(db, 'pc.'), 'i.id_plan', 'i.old_fee_centavos', 'i.new_fee_centavos');
      return rows.map((r) => ({
        ...toChange(r),
        item: {
          changeId: r.id,
          idPlan: r.id_plan,
          oldFee: centavos(Number(r.old_fee_centavos)),
          newFee: centavos(Number(r.new_fee_centavos)),
        },
      }));
    },

    /** Bajas of the membership asked for from `from` (included) to `to` (excluded), Tucumán days. */
    async bajasBetween(from: string, to: string): Promise<number> {
      const row = await db('consumer_bajas')
        .where({ membresia: true })
        .whereRaw("(created_at AT TIME ZONE 'America/Argentina/Tucuman')::date >= ?::date", [from])
        .whereRaw("(created_at AT TIME ZONE 'America/Argentina/Tucuman')::date < ?::date", [to])
        .count<{ n: number }[]>({ n: '*' })
        .first();
      return Number(row?.n ?? 0);
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
