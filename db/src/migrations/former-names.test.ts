import type { Knex } from 'knex';
import { createDatabase, migrateLatest } from '../connection';
import { migrationSource } from '.';
import { FORMER_NAMES, renameFormerMigrations } from './former-names';

interface MigrationRow {
  id: number;
  name: string;
  batch: number;
  migration_time: Date;
}

const rows = (db: Knex): Promise<MigrationRow[]> =>
  db('knex_migrations').select('id', 'name', 'batch', 'migration_time').orderBy('id');

// One database for the three steps, in order (a migration of every table takes a while in PGlite).
let db: Knex;
beforeAll(() => {
  db = createDatabase({});
});
afterAll(() => db.destroy());

test('a fresh database runs the migrations under their numbers, and has nothing to rename', async () => {
  // knex's first look (every migrate call renames first, here with no table yet) makes an empty table.
  expect(await db.migrate.currentVersion()).toBe('none');
  expect(await renameFormerMigrations(db, 'knex_migrations')).toBe(0);
  await migrateLatest(db);
  const names = (await rows(db)).map((row) => row.name);
  expect(names).toEqual(await migrationSource.getMigrations([]));
  expect(names.slice(0, 3)).toEqual(['0001_accounts', '0002_products', '0003_products_catalogue_speed']);
  expect(await renameFormerMigrations(db, 'knex_migrations')).toBe(0);
});

test('a database migrated under the former names gets the new ones, runs nothing again and loses no row', async () => {
  const migrated = await rows(db);
  // As a release before issue 43 left it: every row under its dated name.
  for (const [former, name] of Object.entries(FORMER_NAMES))
    await db('knex_migrations').where({ name }).update({ name: former });
  expect((await rows(db)).filter((row) => row.name in FORMER_NAMES)).toHaveLength(Object.keys(FORMER_NAMES).length);

  // The API's start in production asks knex what is pending: no "migration directory is corrupt".
  const [completed, pending] = (await db.migrate.list()) as [{ name: string }[], unknown[]];
  expect(pending).toEqual([]);
  expect(completed.map((row) => row.name)).toEqual(migrated.map((row) => row.name));

  await db('knex_migrations').where({ name: '0001_accounts' }).update({ name: '20261122000001_accounts' });
  const [batch, ran] = (await db.migrate.latest()) as [number, string[]];
  expect(ran).toEqual([]);
  expect(batch).toBe(1);
  // Same rows, same ids, batches and times: only the names are the new ones.
  expect(await rows(db)).toEqual(migrated);
  expect(await renameFormerMigrations(db, 'knex_migrations')).toBe(0);
});

test('the rename is one transaction: a failure leaves every former name in place', async () => {
  await db('knex_migrations').where({ name: '0002_products' }).update({ name: '20261122000002_products' });
  await db.raw(`CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.name = '0030_checkin_repeats' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
  await db.raw('CREATE TRIGGER refuse BEFORE UPDATE ON knex_migrations FOR EACH ROW EXECUTE FUNCTION refuse()');
  await db('knex_migrations')
    .where({ name: '0030_checkin_repeats' })
    .update({ name: '20261231000002_checkin_repeats' });
  await expect(renameFormerMigrations(db, 'knex_migrations')).rejects.toThrow('refused');
  const former = (await rows(db)).map((row) => row.name).filter((name) => name in FORMER_NAMES);
  expect(former.sort()).toEqual(['20261122000002_products', '20261231000002_checkin_repeats']);
  await db.raw('DROP TRIGGER refuse ON knex_migrations');
  expect(await renameFormerMigrations(db, 'knex_migrations')).toBe(2);
});
