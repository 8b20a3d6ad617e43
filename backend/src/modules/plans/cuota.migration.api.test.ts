import type { Knex } from 'knex';
import { createTestDatabase } from '../../test/test-database';

let db: Knex;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

async function migrateUpTo(name: string) {
  for (let i = 0; i < 50; i += 1) {
    const [, pending] = (await db.migrate.list()) as [unknown[], (string | { file: string })[]];
    const next = pending[0];
    if ((typeof next === 'string' ? next : next?.file) === name) return;
    await db.migrate.up();
  }
}

test('migration 20261219000001 gives each existing plan the monthly fee it was charged: precio, in centavos', async () => {
  await migrateUpTo('20261219000001_plans_cuota_mensual');
  const plan = (idPlan: number, precio: number) => ({
    codigo_plan: `plan-${idPlan}`,
    id_plan: idPlan,
    nombre_plan: `PLAN ${idPlan}`,
    description: 'ANTES DE LA CUOTA',
    precio,
  });
  await db('plans').insert([plan(1, 2500), plan(2, 1234.5)]);
  await db.migrate.latest();
  const rows = await db('plans').orderBy('id_plan').select('id_plan', 'precio', 'cuota_mensual_centavos');
  expect(rows.map((r) => [r.id_plan, Number(r.precio), Number(r.cuota_mensual_centavos)])).toEqual([
    [1, 2500, 250_000],
    [2, 1234.5, 123_450],
  ]);
  await expect(db('plans').insert({ ...plan(3, 1000) })).rejects.toMatchObject({ code: '23502' });
});
