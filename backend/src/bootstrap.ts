import type { Knex } from 'knex';
import { isEmpty, migrateLatest, seedDatabase } from '@gym/db';
import type { AppConfig } from './config';
import type { PasswordHasher } from './modules/accounts/password';

/** Migrations always; demo data and the first staff account only into an empty database. */
export async function prepareDatabase(
  db: Knex,
  config: AppConfig,
  hasher: PasswordHasher,
): Promise<{ seeded: boolean }> {
  await migrateLatest(db);
  if (!(await isEmpty(db))) return { seeded: false };
  const admin = {
    name: 'Administrador',
    lastname: 'Principal',
    email: config.admin.email,
    passwordHash: await hasher.hash(config.admin.password),
  };
  await seedDatabase(db, { admin });
  return { seeded: true };
}
