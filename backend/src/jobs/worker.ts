import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { pendingMigrations, SchemaOutdated } from '../bootstrap';
import { systemClock, type Clock } from '../clock';
import type { AppConfig } from '../config';
import type { Mailer } from '../shared/mailer';
import { startJobs, type Job, type JobsOptions } from './jobs';

/** PGlite is one process: the worker would open a second, empty database of its own. */
export const WORKER_NEEDS_POSTGRESQL =
  'necesita PostgreSQL (DATABASE_URL o PGHOST); con la base embebida (PGlite) la API corre ella misma ' +
  'las tareas en segundo plano (RUN_JOBS=true).';

/** A start the worker refuses: its message is the one line printed before exiting with 1. */
export class WorkerRefused extends Error {
  constructor(reason: string) {
    super(`No se pudo iniciar el worker: ${reason}`);
    this.name = 'WorkerRefused';
  }
}

/** The scheduler ticks every 15 s: four ticks missed in a row and the worker is reported stale. */
const STALE_AFTER_MS = 60_000;
/** How long stop() waits for the jobs in flight; compose's stop_grace_period (20 s) leaves room after it. */
const STOP_TIMEOUT_MS = 15_000;

export interface WorkerDeps {
  logger: Logger;
  /** Opens the pool; called only once DATABASE_URL is known to be set. */
  openDatabase: () => Knex;
  /** Closes it on stop and after a refusal (default: destroy); tests keep theirs. */
  closeDatabase?: (db: Knex) => Promise<void>;
  mailer?: Mailer;
  clock?: Clock;
  /** What it runs: worker.ts passes every background job (jobs/index.ts). */
  jobs: Job[];
  jobsOptions?: Omit<JobsOptions, 'onTick'>;
  /** Default: config.workerHealthPort; 0 picks a free one (tests). */
  healthPort?: number;
  staleAfterMs?: number;
  stopTimeoutMs?: number;
}

export interface Worker {
  /** The port GET /healthz answers on, on 127.0.0.1. */
  healthPort: number;
  /**
   * Stops ticking, waits (bounded) for the jobs in flight, closes the health server and the pool.
   * `finished`: false when a job was still running at the bound.
   */
  stop(): Promise<{ finished: boolean }>;
}

/**
 * The worker process (`node backend/dist/worker.js`, compose's `worker`): runs the background jobs
 * the API leaves to it with RUN_JOBS=false, so the API's event loop only serves requests. It neither
 * migrates nor seeds: it refuses an outdated schema, as a production API does. Liveness: GET /healthz
 * on 127.0.0.1 answers 200 `ok` while the scheduler ticked within `staleAfterMs`, 503 otherwise.
 */
export async function startWorker(config: AppConfig, deps: WorkerDeps): Promise<Worker> {
  if (!config.databaseUrl) throw new WorkerRefused(WORKER_NEEDS_POSTGRESQL);
  const { logger, clock = systemClock } = deps;
  const closeDatabase = deps.closeDatabase ?? ((db: Knex) => db.destroy());
  const db = deps.openDatabase();
  try {
    const pending = await pendingMigrations(db);
    if (pending.length) throw new WorkerRefused(new SchemaOutdated(pending).message.replace('la API', 'el worker'));
  } catch (err) {
    await closeDatabase(db).catch(() => undefined);
    throw err;
  }

  const staleAfterMs = deps.staleAfterMs ?? STALE_AFTER_MS;
  let lastTick = clock.now().getTime();
  const health = http.createServer((req, res) => {
    const fresh = clock.now().getTime() - lastTick <= staleAfterMs;
    if (req.method !== 'GET' || req.url !== '/healthz') res.writeHead(404).end();
    else res.writeHead(fresh ? 200 : 503, { 'Content-Type': 'text/plain' }).end(fresh ? 'ok' : 'stale');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      health.once('error', reject);
      health.listen(deps.healthPort ?? config.workerHealthPort, '127.0.0.1', resolve);
    });
  } catch (err) {
    await closeDatabase(db).catch(() => undefined);
    throw err;
  }
  const healthPort = (health.address() as AddressInfo).port;

  const stopJobs = startJobs(
    deps.jobs,
    { db, logger, clock, config, mailer: deps.mailer },
    {
      ...deps.jobsOptions,
      onTick: () => {
        lastTick = clock.now().getTime();
      },
    },
  );
  logger.info({ jobs: deps.jobs.length, healthPort }, 'worker ready: running the background jobs');

  let stopping: Promise<{ finished: boolean }> | undefined;
  const stop = async () => {
    const bound = deps.stopTimeoutMs ?? STOP_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), bound);
    });
    const finished = await Promise.race([stopJobs().then(() => true as const), timedOut]);
    clearTimeout(timer);
    if (!finished)
      logger.error({ waitedMs: bound }, 'jobs still running at shutdown: their claims lapse with their lease');
    await new Promise<void>((resolve) => {
      health.close(() => resolve());
      health.closeAllConnections();
    });
    await closeDatabase(db);
    return { finished };
  };
  return {
    healthPort,
    stop: () => (stopping ??= stop()),
  };
}
