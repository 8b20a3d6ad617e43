import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { sleep, startApi, startOwnPostgres, type OwnPostgres, type RunningApi } from './support';

/**
 * Graceful shutdown: 20 slow requests in flight (the catalogue waits behind a table lock this test
 * holds) and SIGTERM. New connections are refused at once, all 20 complete with 200, and the
 * process exits 0 soon after, well within its 15 s limit.
 */
let postgres: OwnPostgres;
let api: RunningApi;
beforeAll(async () => {
  postgres = await startOwnPostgres();
  api = await startApi({ DATABASE_URL: postgres.url });
}, 120_000);
afterAll(async () => {
  await api?.stop();
  postgres?.destroy();
});

interface Answer {
  status: number;
  products: number;
  connection: string | undefined;
  end: number;
}

function get(port: number, path: string, agent: http.Agent | false, sent: () => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const parsed = (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(body) : {};
        resolve({
          status: res.statusCode ?? 0,
          products: (parsed as { products?: unknown[] }).products?.length ?? -1,
          connection: res.headers.connection,
          end: Date.now(),
        });
      });
    });
    req.on('error', reject);
    req.on('finish', sent);
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
  });
}

function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)));
  });
}

test('SIGTERM with 20 slow requests in flight: new connections refused, all 20 answered 200, exit 0 in time', async () => {
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const idle = await get(api.port, '/healthz', keepAlive, () => undefined);
  expect(idle.status).toBe(200);

  const holder = new pg.Client({ connectionString: postgres.url });
  await holder.connect();
  await holder.query('begin');
  await holder.query('lock table products in access exclusive mode');

  let sent = 0;
  const inFlight = Array.from({ length: 20 }, (_, i) =>
    get(
      api.port,
      `/v1/products?categoria=all&limit=1&page=${i + 1}`,
      i % 2 === 0 ? false : keepAlive,
      () => (sent += 1),
    ),
  );
  // pg_stat_activity is a snapshot per transaction: watch it from another connection than the lock holder's.
  // Catalogue reads that arrive together share one statement (products/shared-read.ts), so the 20
  // requests may wait behind a single backend on the lock: one waiting is enough once all are sent.
  const watcher = new pg.Client({ connectionString: postgres.url });
  await watcher.connect();
  const deadline = Date.now() + 4_000;
  for (;;) {
    const { rows } = await watcher.query<{ n: string }>(
      "select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and application_name = 'gym-api'",
    );
    if (sent === 20 && Number(rows[0]!.n) >= 1) break;
    if (Date.now() > deadline) throw new Error(`only ${sent} requests sent and ${rows[0]!.n} waiting on the lock`);
    await sleep(50);
  }
  await watcher.end();
  await sleep(200); // every request read by the API, not only written by the client

  const sigtermAt = Date.now();
  api.child.kill('SIGTERM');
  await sleep(300);
  expect(await connectOutcome(api.port)).toBe('ECONNREFUSED');
  expect(api.child.exitCode).toBeNull();

  await sleep(700);
  const releasedAt = Date.now();
  await holder.query('commit');
  await holder.end();

  const answers = await Promise.all(inFlight);
  expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200));
  expect(answers.every((a) => a.products > 0)).toBe(true);
  expect(answers.filter((_, i) => i % 2 === 1).map((a) => a.connection)).toEqual(Array(10).fill('close'));

  const exit = await api.exited;
  keepAlive.destroy();
  expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
  expect(exit.at - sigtermAt).toBeLessThan(15_000);
  expect(exit.at - releasedAt).toBeLessThan(3_000);
  console.log(
    `shutdown: 20 answered ${Math.max(...answers.map((a) => a.end)) - releasedAt} ms after the lock was released; ` +
      `exit 0 ${exit.at - sigtermAt} ms after SIGTERM (${exit.at - releasedAt} ms after the release)`,
  );
}, 120_000);
