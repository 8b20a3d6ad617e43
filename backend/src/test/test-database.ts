import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import knexFactory, { type Knex } from 'knex';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { createDatabase, migrateLatest } from '@gym/db';

/** Set by the api project's globalSetup (template.ts): where the migrated, seeded template is. */
export const TEMPLATE_ENV = 'GYM_TEST_TEMPLATE';

export type TemplateInfo =
  { kind: 'pglite'; file: string; day: string } | { kind: 'server'; name: string; day: string };

export interface TestDatabase {
  db: Knex;
  drop: () => Promise<void>;
  /** true: a copy of the template, already migrated and seeded as createTestApp's default config does. */
  fromTemplate: boolean;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withServer<T>(serverUrl: string, work: (admin: Knex) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}

/** The template of this run, if globalSetup made one for this kind of database and the seed's day is still today. */
function usableTemplate(serverUrl: string | undefined): TemplateInfo | undefined {
  const raw = process.env[TEMPLATE_ENV];
  if (!raw) return undefined;
  const info = JSON.parse(raw) as TemplateInfo;
  // The demo memberships are seeded relative to the day in Tucumán: a run across midnight seeds afresh.
  if (info.day !== tucumanToday(new Date())) return undefined;
  return (info.kind === 'server') === Boolean(serverUrl) ? info : undefined;
}

/**
 * A database for one test file: PGlite in memory by default, or a throwaway database on the
 * PostgreSQL server named by DATABASE_URL (created here, dropped afterwards). Empty, unless
 * `fromTemplate` and the run has a template: then a copy of it (CREATE DATABASE … TEMPLATE on the
 * server, PGlite loaded from the template's dumped data folder).
 */
export async function createTestDatabase(options: { fromTemplate?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const template = options.fromTemplate ? usableTemplate(serverUrl) : undefined;
  if (!serverUrl) {
    const loadDataDir = template?.kind === 'pglite' ? new Blob([fs.readFileSync(template.file)]) : undefined;
    const db = createDatabase({ loadDataDir });
    return { db, drop: () => db.destroy(), fromTemplate: Boolean(loadDataDir) };
  }
  const name = `gym_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await admin.raw(
    template?.kind === 'server' ? `CREATE DATABASE ${name} TEMPLATE ${template.name}` : `CREATE DATABASE ${name}`,
  );
  const db = createDatabase({ url: databaseUrl(serverUrl, name), poolMax: 5 });
  return {
    db,
    drop: async () => {
      await db.destroy();
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.destroy();
    },
    fromTemplate: template?.kind === 'server',
  };
}

/** Runs the migrations before `name` one by one, leaving `name` as the next one (a database of an earlier release). */
export async function migrateUpTo(db: Knex, name: string): Promise<void> {
  for (;;) {
    const [, pending] = (await db.migrate.list()) as [unknown[], (string | { file: string })[]];
    const next = pending[0];
    if (next === undefined) throw new Error(`${name} is not pending`);
    if ((typeof next === 'string' ? next : next.file) === name) return;
    await db.migrate.up();
  }
}

/**
 * A database at the latest schema for a test file that builds its own rows: a copy of the run's
 * template when there is one (seeded, and fast), else an empty one migrated here.
 */
export async function migratedTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ fromTemplate: true });
  await migrateLatest(database.db);
  return database;
}
