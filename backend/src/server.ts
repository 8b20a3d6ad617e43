import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { createDatabase } from '@gym/db';
import { createApp } from './app';
import { systemClock } from './clock';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './config';
import { startApiJobs } from './jobs';
import { createLogger } from './logger';
import { createPasswordHasher } from './modules/accounts/password';
import { createMetricsApp, metricsListenAddress } from './modules/operations';
import { createMailer } from './shared/mailer';

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

  // METRICS_HOST=private: only on the network PostgreSQL is on, never the one nginx shares with the API.
  const metricsAddress = config.metricsPort === null ? undefined : await metricsListenAddress(config.metricsHost);
  const mailer = createMailer(config);
  const app = createApp({ db, logger, config, hasher, mailer });
  // RUN_JOBS=false: the worker process (worker.ts) runs them, and this event loop only serves requests.
  const jobs = startApiJobs(config, { db, logger, clock: systemClock, config, mailer });
  logger.info({ jobs: jobs.jobs }, 'background jobs');
  const server = app.listen(config.port, () => {
    logger.info(`Sitio listo en http://localhost:${config.port}`);
  });
  // A port already taken (another API left running) stops the start loudly, never with exit 0.
  server.once('error', (err) => {
    logger.fatal({ err, port: config.port }, 'the API could not listen on its port');
    process.exit(1);
  });
  // nginx keeps idle upstream connections for 60 s: the API keeps them longer, so it never closes
  // one just as nginx sends a request on it (a 502 for that request). Slow clients are cut at 70 s.
  // Prometheus scrapes its own port, which compose never publishes nor nginx proxies.
  // Without METRICS_HOST (host undefined), every interface.
  const metricsServer =
    config.metricsPort === null
      ? undefined
      : createMetricsApp(db).listen({ port: config.metricsPort, host: metricsAddress }, () =>
          logger.info({ host: metricsAddress ?? 'every interface', port: config.metricsPort }, 'metrics ready'),
        );
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 70_000;

  // Answers in flight when shutdown starts, and any that arrive on an open keep-alive connection
  // after it, say `Connection: close`: a proxy's pooled connections end with their last answer.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (stopping) res.setHeader('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // The pool closes once the jobs in flight have finished (the forced exit below bounds the wait).
    const jobsStopped = jobs.stop();
    metricsServer?.close();
    logger.info({ signal, inFlight: inFlight.size }, 'shutting down: finishing requests in flight');
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    setInterval(() => server.closeIdleConnections(), 250).unref();
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // server.close takes a plain callback: an async one would lose a failed pool close.
    server.close(() => {
      jobsStopped
        .then(() => db.destroy())
        .then(() => logger.info('stopped'))
        .catch((err: unknown) => logger.error({ err }, 'closing the database pool failed'))
        .finally(() => process.exit(0));
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
