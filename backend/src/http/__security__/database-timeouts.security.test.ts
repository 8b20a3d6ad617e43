import net from 'node:net';
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { createDatabase } from '@gym/db';
import { loadConfig } from '../../config';
import { ServiceUnavailable } from '../../shared/errors';
import { toAppError } from '../error-handler';

const elapsed = async (work: Promise<unknown>) => {
  const started = Date.now();
  const error = await work.then(
    () => undefined,
    (err: unknown) => err,
  );
  return { error, ms: Date.now() - started };
};

describe('database time-outs (a slow or silent database never holds a request for long)', () => {
  test('DB_TIMEOUT_MS defaults to 5 s and reaches the connection, statement, query and pool-acquire time-outs', async () => {
    expect(loadConfig({}).dbTimeoutMs).toBe(5000);
    const db = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/nada', timeoutMs: 3000 });
    try {
      const config = db.client.config as Knex.Config & { connection: Record<string, unknown> };
      expect(config.connection).toMatchObject({
        connectionTimeoutMillis: 3000,
        statement_timeout: 3000,
        query_timeout: expect.any(Number),
      });
      expect(config.connection.query_timeout as number).toBeLessThanOrEqual(5000);
      expect(config.acquireConnectionTimeout).toBe(3000);
    } finally {
      await db.destroy();
    }
  });

  test('a server that accepts the connection and never answers: the query fails within the time-out, as 503', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = createDatabase({ url: `postgres://postgres@127.0.0.1:${port}/nada`, timeoutMs: 1500 });
    try {
      const { error, ms } = await elapsed(db.raw('select 1'));
      expect(error).toBeDefined();
      expect(ms).toBeLessThan(4000);
      expect(toAppError(error)).toBeInstanceOf(ServiceUnavailable);
    } finally {
      await db.destroy();
      sockets.forEach((s) => s.destroy());
      silent.close();
    }
  });

  test('nobody listening: the query fails at once, as 503', async () => {
    const db = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/nada', timeoutMs: 1500 });
    try {
      const { error, ms } = await elapsed(db.raw('select 1'));
      expect(ms).toBeLessThan(2500);
      expect(toAppError(error)).toBeInstanceOf(ServiceUnavailable);
    } finally {
      await db.destroy();
    }
  });

  const server = process.env.DATABASE_URL;
  (server ? test : test.skip)(
    'on a PostgreSQL server, a statement stuck behind a lock is cancelled at the time-out, as 503',
    async () => {
      const name = `gym_timeout_${randomBytes(4).toString('hex')}`;
      const admin = knexFactory({ client: 'pg', connection: server, pool: { min: 0, max: 1 } });
      await admin.raw(`CREATE DATABASE ${name}`);
      const url = new URL(server!);
      url.pathname = `/${name}`;
      const db = createDatabase({ url: url.toString(), timeoutMs: 1500 });
      const holder = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } });
      try {
        await db.raw('create table locked (id int)');
        await holder.transaction(async (trx) => {
          await trx.raw('lock table locked in access exclusive mode');
          const { error, ms } = await elapsed(db.raw('select * from locked'));
          expect((error as { code?: string }).code).toBe('57014');
          expect(ms).toBeGreaterThanOrEqual(1400);
          expect(ms).toBeLessThan(4000);
          expect(toAppError(error)).toBeInstanceOf(ServiceUnavailable);
        });
      } finally {
        await holder.destroy();
        await db.destroy();
        await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      }
    },
  );
});
