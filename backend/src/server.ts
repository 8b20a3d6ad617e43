import path from 'node:path';
import { createDatabase } from '@gym/db';
import { createApp } from './app';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { createPasswordHasher } from './modules/accounts/password';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, pretty: config.env === 'development' });
  const db = createDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    timeoutMs: config.dbTimeoutMs,
  });
  const hasher = createPasswordHasher(config.passwordHashLogN);
  const { seeded } = await prepareDatabase(db, config, hasher);
  logger.info({ database: config.databaseUrl ? 'postgresql' : 'pglite', seeded }, 'database ready');

  const app = createApp({ db, logger, config, hasher });
  const server = app.listen(config.port, () => {
    logger.info(`Sitio listo en http://localhost:${config.port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.close(async () => {
      await db.destroy();
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error('No se pudo iniciar el servidor:', err);
  process.exit(1);
});
