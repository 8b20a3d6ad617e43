import type { Knex } from 'knex';
import { centavos } from '@gym/contracts/money';
import type { PlanFields, PlanRecord } from './plan';

interface PlanRow {
  codigo_plan: string;
  id_plan: number;
  nombre_plan: string;
  description: string;
  precio_centavos: number;
  cuota_mensual_centavos: number;
  updated_at: Date;
}

const COLUMNS = [
  'codigo_plan',
  'id_plan',
  'nombre_plan',
  'description',
  'precio_centavos',
  'cuota_mensual_centavos',
  'updated_at',
];

const toPlan = (row: PlanRow): PlanRecord => ({
  idPlan: row.id_plan,
  nombrePlan: row.nombre_plan,
  description: row.description,
  precioCentavos: centavos(row.precio_centavos),
  cuotaMensualCentavos: centavos(row.cuota_mensual_centavos),
  codigoPlan: row.codigo_plan,
  updatedAt: row.updated_at.toISOString(),
});

const toRow = (input: PlanFields) => ({
  id_plan: input.idPlan,
  nombre_plan: input.nombrePlan,
  description: input.description,
  precio_centavos: input.precioCentavos,
  cuota_mensual_centavos: input.cuotaMensualCentavos,
});

export function createPlansRepository(db: Knex) {
  return {
    async list(): Promise<PlanRecord[]> {
      const rows: PlanRow[] = await db('plans').select(COLUMNS).orderBy('id_plan');
      return rows.map(toPlan);
    },

    async count(): Promise<number> {
      const row = await db('plans').count<{ count: number }[]>({ count: '*' }).first();
      return row?.count ?? 0;
    },

    async findByCode(codigoPlan: string): Promise<PlanRecord | undefined> {
      const row: PlanRow | undefined = await db('plans').select(COLUMNS).where({ codigo_plan: codigoPlan }).first();
      return row && toPlan(row);
    },

    async findByIdPlan(idPlan: number): Promise<PlanRecord | undefined> {
      const row: PlanRow | undefined = await db('plans').select(COLUMNS).where({ id_plan: idPlan }).first();
      return row && toPlan(row);
    },

    /** The plans of these numbers, in one query (a list of clients names theirs). */
    async findByIdPlans(idPlans: readonly number[]): Promise<PlanRecord[]> {
      if (idPlans.length === 0) return [];
      const rows: PlanRow[] = await db('plans')
        .select(COLUMNS)
        .whereIn('id_plan', [...new Set(idPlans)]);
      return rows.map(toPlan);
    },

    /** Clients in the lists holding the plan (archived ones hold it too, through the foreign key). */
    async countClients(idPlan: number): Promise<number> {
      const row = await db('clients')
        .where({ plan: idPlan })
        .whereNull('archived_at')
        .count<{ count: number }[]>({ count: '*' })
        .first();
      return row?.count ?? 0;
    },

    async insert(codigoPlan: string, input: PlanFields, now: Date): Promise<PlanRecord> {
      const [row] = await db('plans')
        .insert({ codigo_plan: codigoPlan, ...toRow(input), created_at: now, updated_at: now })
        .returning(COLUMNS);
      return toPlan(row as PlanRow);
    },

    /** Updates only when the row still carries `expectedUpdatedAt` (if given); undefined when nothing matched. */
    async update(
      codigoPlan: string,
      input: PlanFields,
      now: Date,
      expectedUpdatedAt?: Date,
    ): Promise<PlanRecord | undefined> {
      const query = db('plans').where({ codigo_plan: codigoPlan });
      // The row may carry microseconds (the database default); the client only ever saw milliseconds.
      if (expectedUpdatedAt) query.andWhereRaw("date_trunc('milliseconds', updated_at) = ?", [expectedUpdatedAt]);
      const [row] = await query.update({ ...toRow(input), updated_at: now }).returning(COLUMNS);
      return row && toPlan(row as PlanRow);
    },

    async delete(codigoPlan: string): Promise<boolean> {
      const deleted: unknown[] = await db('plans').where({ codigo_plan: codigoPlan }).delete().returning('codigo_plan');
      return deleted.length > 0;
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
