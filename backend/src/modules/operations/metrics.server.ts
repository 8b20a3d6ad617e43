import dgram from 'node:dgram';
import { lookup } from 'node:dns/promises';
import express from 'express';
import type { Knex } from 'knex';
import { Gauge, Registry } from 'prom-client';
import type { MetricsHost } from '../../config';
import { metrics } from '../../shared/metrics';
import { archiveFailing, createBackupsRepository } from './backups.repository';

interface Pool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}

/**
 * Reads a gauge from the database; when the database does not answer, the gauge keeps its last
 * value and the scrape still carries the requests (and their 5xx) and gym_ready 0, as alerts need.
 */
const quietly = (read: () => Promise<void>) => read().catch(() => undefined);

/** The database's side of the metrics, read at each scrape: the same on every replica. */
function databaseMetrics(db: Knex): Registry {
  const registry = new Registry();
  const backups = createBackupsRepository(db);
  const pool = (db.client as { pool?: Pool }).pool;
  new Gauge({
    name: 'db_pool_connections',
    help: "This replica's database connections, by state (used, free, pending: requests waiting for one)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'used' }, pool.numUsed());
      this.set({ state: 'free' }, pool.numFree());
      this.set({ state: 'pending' }, pool.numPendingAcquires());
    },
  });
  new Gauge({
    name: 'gym_ready',
    help: '1 when the database answered this scrape, else 0',
    registers: [registry],
    async collect() {
      this.set(
        await db
          .raw('select 1')
          .timeout(2000)
          .then(
            () => 1,
            () => 0,
          ),
      );
    },
  });
  new Gauge({
    name: 'gym_last_hour',
    help: 'Shop orders placed and membership payments recorded in the last hour',
    labelNames: ['what'] as const,
    registers: [registry],
    async collect() {
      await quietly(async () => {
        const { rows } = await db.raw(
          `SELECT (SELECT count(*) FROM orders WHERE created_at > now() - interval '1 hour')::int AS orders,
                  (SELECT count(*) FROM membership_payments WHERE created_at > now() - interval '1 hour')::int AS payments`,
        );
        this.set({ what: 'orders' }, rows[0].orders);
        this.set({ what: 'payments' }, rows[0].payments);
      });
    },
  });
  new Gauge({
    name: 'gym_uploads_bytes',
    help: 'Bytes the uploads take in the database (table, indexes and TOAST): transfer receipts and product images',
    labelNames: ['what'] as const,
    registers: [registry],
    async collect() {
      await quietly(async () => {
        const { rows } = await db.raw(
          `SELECT pg_total_relation_size('transfer_uploads')::bigint AS receipts,
                  pg_total_relation_size('product_images')::bigint AS images`,
        );
        this.set({ what: 'transfer_receipts' }, rows[0].receipts as number);
        this.set({ what: 'product_images' }, rows[0].images as number);
      });
    },
  });
  new Gauge({
    name: 'gym_backup_last_success_timestamp_seconds',
    help: 'When each kind of backup (dump, base, drill) last succeeded, in Unix seconds',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      await quietly(async () => {
        for (const [kind, run] of await backups.newest(true)) this.set({ kind }, run.finishedAt.getTime() / 1000);
      });
    },
  });
  new Gauge({
    name: 'gym_job_failures_in_a_row',
    help: 'How many times each background job has failed since it last succeeded',
    // `name`, not `job`: Prometheus gives every scraped series the scrape job's own `job` label.
    labelNames: ['name'] as const,
    registers: [registry],
    async collect() {
      await quietly(async () => {
        const rows: { name: string; failures_in_a_row: number }[] = await db('job_runs').select(
          'name',
          'failures_in_a_row',
        );
        for (const r of rows) this.set({ name: r.name }, r.failures_in_a_row);
      });
    },
  });
  new Gauge({
    name: 'gym_wal_archive_failing',
    help: "1 while PostgreSQL's last attempt to archive a WAL segment failed (pg_stat_archiver), else 0 (and 0 until the archive has worked once)",
    registers: [registry],
    async collect() {
      await quietly(async () => {
        this.set(archiveFailing(await backups.archiver()) ? 1 : 0);
      });
    },
  });
  return registry;
}

/**
 * The local address this machine sends from to reach host:port: a UDP socket `connect`ed there (no
 * packet is sent) is given the address of the interface the route to it goes through.
 */
export async function localAddressToward(host: string, port: number): Promise<string> {
  const target = await lookup(host);
  const socket = dgram.createSocket(target.family === 6 ? 'udp6' : 'udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(port, target.address, resolve);
    });
    return socket.address().address;
  } finally {
    socket.close();
  }
}

/**
 * The address GET /metrics listens on (METRICS_HOST): undefined, every interface; or, for `private`,
 * the one this container reaches PostgreSQL from. PostgreSQL is only on compose's private network, so
 * that is the private interface: nginx, on the public one beside the API, cannot reach the metrics.
 * Each replica finds its own at every start, whatever address compose gave it.
 */
export async function metricsListenAddress(host: MetricsHost): Promise<string | undefined> {
  if (host === null) return undefined;
  if ('address' in host) return host.address;
  return localAddressToward(host.reach.host, host.reach.port);
}

/**
 * GET /metrics in Prometheus' text format, on its own port (METRICS_PORT): compose never publishes
 * it and nginx never proxies it, and it listens on the private network only (METRICS_HOST=private).
 */
export function createMetricsApp(db: Knex) {
  const registry = Registry.merge([metrics, databaseMetrics(db)]);
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', async (_req, res) => {
    try {
      const body = await registry.metrics();
      res.type(registry.contentType).send(body);
    } catch (err) {
      res
        .status(503)
        .type('text/plain')
        .send(`metrics unavailable: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  return app;
}
