import { existsSync, readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { createDatabase, migrateLatest } from './connection';
import type { PlansInsert, PlansRow, TrainersRow } from './tables';
import { REGENERATE, renderTables, TABLES_PATH } from './tables.generate';

let db: Knex;
beforeAll(async () => {
  db = createDatabase({});
  await migrateLatest(db);
});
afterAll(() => db.destroy());

test('db/src/tables.ts is what the migrated schema generates', async () => {
  const written = existsSync(TABLES_PATH) ? readFileSync(TABLES_PATH, 'utf8') : '';
  const drift = written === (await renderTables(db)) ? '' : `db/src/tables.ts is out of date: run ${REGENERATE}`;
  expect(drift).toBe('');
});

/**
 * Knex's table types, module by module (ADR 0011): `db<PlansRow>('plans')` types what a query
 * reads and writes without the global `knex/types/tables` augmentation. `tsc -p db` checks the
 * `@ts-expect-error` lines: each is a mistake the generated type catches.
 */
test('a query typed by the generated rows reads what the columns hold, through the driver', async () => {
  const plan: PlansInsert = {
    codigo_plan: 'PLAN-T',
    id_plan: 9,
    nombre_plan: 'TIPADO',
    description: 'PLAN DE PRUEBA',
    precio_centavos: 150_000,
    cuota_mensual_centavos: 2_000_000,
  };
  await db<PlansRow>('plans').insert(plan);
  // @ts-expect-error: precio_centavos is a number of centavos, not pesos as text
  void db<PlansRow>('plans').where({ precio_centavos: '1500' });
  // @ts-expect-error: the table has no such column
  void db<PlansRow>('plans').where({ precio: 1500 });

  const row = await db<PlansRow>('plans')
    .where({ codigo_plan: 'PLAN-T' })
    .first('codigo_plan', 'precio_centavos', 'cuota_mensual_centavos', 'created_at');
  const fee: number | undefined = row?.cuota_mensual_centavos;
  // @ts-expect-error: a column the select did not pick is not on the row
  void row?.nombre_plan;
  expect(fee).toBe(2_000_000);
  expect(row).toEqual({
    codigo_plan: 'PLAN-T',
    precio_centavos: 150_000,
    cuota_mensual_centavos: 2_000_000,
    created_at: expect.any(Date),
  });

  // int4 and text, as the migrations' reference data left them.
  const trainers: Pick<TrainersRow, 'id' | 'nombre'>[] = await db<TrainersRow>('trainers').select('id', 'nombre');
  expect(trainers.map((t) => [typeof t.id, typeof t.nombre])).toEqual(trainers.map(() => ['number', 'string']));
});
