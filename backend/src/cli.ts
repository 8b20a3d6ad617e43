import path from 'node:path';
import { createDatabase } from '@gym/db';
import { JOBS_USAGE, runJobCommand } from './cli/job-commands';
import { runStaffCommand } from './cli/staff-commands';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { createPasswordHasher } from './modules/accounts/password';
import { createMailer } from './shared/mailer';

/**
 * `node backend/dist/cli.js staff:reset-password EMAIL` | `staff:disable EMAIL` | `jobs:run NAME`:
 * the same env as the API.
 */
async function main() {
  const config = loadConfig();
  const db = createDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  const argv = process.argv.slice(2);
  const out = (line: string) => console.log(line);
  const err = (line: string) => console.error(line);
  try {
    if (argv[0]?.startsWith('jobs:')) {
      const logger = createLogger({ level: config.logLevel, pretty: false });
      const mailer = createMailer(config);
      process.exitCode = await runJobCommand(argv, { db, logger, clock: systemClock, config, mailer, out, err });
      return;
    }
    const hasher = createPasswordHasher(config.passwordHashLogN);
    process.exitCode = await runStaffCommand(argv, { db, hasher, clock: systemClock, out, err });
    if (process.exitCode === 2) err(JOBS_USAGE);
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
