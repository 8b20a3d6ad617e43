import type { Knex } from 'knex';
import { createTestDatabase, migrateUpTo } from '../../test/test-database';

let db: Knex;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

test('migration 0016_plans_cuota_mensual gives each existing plan the monthly fee it was charged: precio, in centavos', async () => {
  await migrateUpTo(db, '0016_plans_cuota_mensual');
  const plan = (idPlan: number, precio: number) => ({
    codigo_plan: `plan-${idPlan}`,
    id_plan: idPlan,
    nombre_plan: `PLAN ${idPlan}`,
    description: 'ANTES DE LA CUOTA',
    precio,
  });
  await db('plans').insert([plan(1, 2500), plan(2, 1234.5)]);
  await db.migrate.latest();
  // (The hourly price itself is centavos too since migration 0019_money_centavos.)
  const rows = await db('plans').orderBy('id_plan').select('id_plan', 'precio_centavos', 'cuota_mensual_centavos');
  expect(rows.map((r) => [r.id_plan, Number(r.precio_centavos), Number(r.cuota_mensual_centavos)])).toEqual([
    [1, 250_000, 250_000],
    [2, 123_450, 123_450],
  ]);
  const { precio: _, ...withoutFee } = plan(3, 1000);
  await expect(db('plans').insert({ ...withoutFee, precio_centavos: 100_000 })).rejects.toMatchObject({
    code: '23502',
  });
});
