import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tucumanToday } from '@gym/contracts/membership-dates';
import { createDatabase, dumpPgliteDataDir } from '@gym/db';
import { prepareDatabase } from '../bootstrap';
import { createPasswordHasher } from '../modules/accounts/password';
import { TEST_HASH_LOG_N, testConfig } from './test-config';
import { databaseUrl, TEMPLATE_ENV, withServer, type TemplateInfo } from './test-database';

const REPO = path.resolve(__dirname, '../../..');
/** What the template's contents come from: a change to any of these makes a template of another name. */
const SOURCES = [
  'db/src',
  'backend/src/bootstrap.ts',
  'backend/src/modules/accounts/ensure-owner.ts',
  'backend/src/modules/accounts/password.ts',
  'backend/src/test/test-config.ts',
];

function filesUnder(entry: string): string[] {
  const full = path.join(REPO, entry);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(full, name))
    .filter((file) => fs.statSync(file).isFile())
    .sort();
}

/** A hash of the migrations, the seed and the first-boot code: never a template built from other sources. */
export function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(filesUnder)) hash.update(path.relative(REPO, file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Migrates and seeds one database as createTestApp's default config would (prepareDatabase itself),
 * for every test file of the run to copy: on the server named by `serverUrl` a database
 * gym_template_<hash>_<pid> (unique per run, so concurrent runs never share or drop each other's),
 * otherwise a PGlite data folder dumped to a file in the temp folder.
 */
export async function buildTemplate(serverUrl: string | undefined): Promise<TemplateInfo> {
  const day = tucumanToday(new Date());
  const key = `${sourcesHash()}_${process.pid}`;
  const hasher = createPasswordHasher(TEST_HASH_LOG_N);
  if (!serverUrl) {
    const db = createDatabase({});
    try {
      await prepareDatabase(db, testConfig(), hasher);
      const file = path.join(os.tmpdir(), `gym_template_${key}.tar`);
      fs.writeFileSync(file, Buffer.from(await (await dumpPgliteDataDir(db)).arrayBuffer()));
      return { kind: 'pglite', file, day };
    } finally {
      await db.destroy();
    }
  }
  const name = `gym_template_${key}`;
  await withServer(serverUrl, (admin) => admin.raw(`CREATE DATABASE ${name}`));
  const db = createDatabase({ url: databaseUrl(serverUrl, name), poolMax: 2, statementTimeout: false });
  try {
    await prepareDatabase(db, testConfig(), hasher);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a source with open connections.
    await db.destroy();
  }
  return { kind: 'server', name, day };
}

export async function dropTemplate(info: TemplateInfo, serverUrl: string | undefined): Promise<void> {
  if (info.kind === 'pglite') fs.rmSync(info.file, { force: true });
  else if (serverUrl)
    await withServer(serverUrl, (admin) => admin.raw(`DROP DATABASE IF EXISTS ${info.name} WITH (FORCE)`));
}

/** Jest's globalSetup and globalTeardown hand the template over in the environment the workers inherit. */
export const templateFromEnv = (): TemplateInfo | undefined => {
  const raw = process.env[TEMPLATE_ENV];
  return raw ? (JSON.parse(raw) as TemplateInfo) : undefined;
};
