import type { Knex } from 'knex';
import { createTestDatabase, migrateUpTo } from '../test/test-database';

let db: Knex;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

const message = (status: string, outboxKey: string | null) => ({
  user_name: 'Rita Vence',
  user_email: 'rita@correo.com.ar',
  user_message: 'Hola Rita, tu plan vence el 14/03.',
  status,
  error: null,
  outbox_key: outboxKey,
});

test('migration 0042_reminder_outbox_keys: queued history rows need their key, and down reads them as sent', async () => {
  await migrateUpTo(db, '0042_reminder_outbox_keys');
  await db.migrate.up();
  await db('messages').insert(message('en cola', 'recordatorio:r-vence:2027-03-14'));
  await expect(db('messages').insert(message('en cola', null))).rejects.toThrow(/messages_queued_keyed/);

  await db.migrate.down();
  expect(await db.schema.hasColumn('messages', 'outbox_key')).toBe(false);
  expect(await db.schema.hasColumn('reminders', 'outbox_key')).toBe(false);
  expect(await db('messages').pluck('status')).toEqual(['enviado']);

  await db.migrate.latest();
  expect(await db.schema.hasColumn('messages', 'outbox_key')).toBe(true);
});
