import path from 'node:path';
import { createDatabase } from '@gym/db';
import { runStaffCommand } from './cli/staff-commands';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { createPasswordHasher } from './modules/accounts/password';

/** `node backend/dist/cli.js staff:reset-password EMAIL` | `staff:disable EMAIL`: the same env as the API. */
async function main() {
  const config = loadConfig();
  const db = createDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  try {
    process.exitCode = await runStaffCommand(process.argv.slice(2), {
      db,
      hasher: createPasswordHasher(config.passwordHashLogN),
      clock: systemClock,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
