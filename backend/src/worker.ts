import path from 'node:path';
import { createDatabase } from '@gym/db';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { backgroundJobs } from './jobs';
import { startWorker, WorkerRefused } from './jobs/worker';
import { createLogger } from './logger';
import { createMailer } from './shared/mailer';

/**
 * `node backend/dist/worker.js`: the background jobs in a process of their own (compose's `worker`
 * service), while the API runs with RUN_JOBS=false. Same settings as the API; needs PostgreSQL and a
 * schema `migrate.js` brought up to date. SIGTERM/SIGINT: no new run starts, the runs in flight finish
 * (at most 15 s), the pool closes, exit 0.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, pretty: config.env === 'development' });
  const worker = await startWorker(config, {
    logger,
    openDatabase: () =>
      createDatabase({
        url: config.databaseUrl,
        dataDir: path.join(config.dataDir, 'pglite'),
        timeoutMs: config.dbTimeoutMs,
      }),
    mailer: createMailer(config),
    clock: systemClock,
    jobs: backgroundJobs,
  });
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'worker shutting down: finishing the jobs in flight');
    worker
      .stop()
      .then(({ finished }) => {
        logger.info('worker stopped');
        process.exit(finished ? 0 : 1);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'worker shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof WorkerRefused) console.error(err.message);
  else console.error('No se pudo iniciar el worker:', err);
  process.exit(1);
});
