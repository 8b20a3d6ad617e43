import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { databaseFingerprint } from './fingerprint';

// The property tests' "a refused request changes nothing" is only as good as this: a committed write
// to any business table changes the fingerprint and names the table; reads and rolled-back writes do not.

let t: TestDatabase;
let db: Knex;
beforeAll(async () => {
  t = await createTestDatabase({ fromTemplate: true });
  db = t.db;
});
afterAll(() => t.drop());

test('a committed write changes it, naming the table; a read or a rolled-back write does not', async () => {
  const before = await databaseFingerprint(db);
  await db('plans').select('*');
  expect(await databaseFingerprint(db)).toBe(before);

  await db
    .transaction(async (trx) => {
      await trx('plans').where({ id_plan: 1 }).update({ description: 'OTRA' });
      throw new Error('rollback');
    })
    .catch(() => undefined);
  expect(await databaseFingerprint(db)).toBe(before);

  await db('plans').where({ id_plan: 1 }).update({ description: 'OTRA' });
  const after = await databaseFingerprint(db);
  expect(after).not.toBe(before);
  expect(after.split('|').filter((table) => !before.split('|').includes(table))).toEqual(['plans:1']);
});
