// What the soak tests start for themselves: a throwaway PostgreSQL server (never the machine's
// shared cluster, which other tests use) and the built API, on loopback ports of their own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export const SOAK_SECRETS = {
  STAFF_CODE: 'soak-code1',
  ADMIN_EMAIL: 'admin@soak.test',
  ADMIN_PASSWORD: 'SoakAdmin2026',
  MEMBER_QR_SECRET: 'soak-qr-secret-de-prueba-0123456789',
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found)
    throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)');
  return found;
}

/** As root, the server runs as the `postgres` OS user (it refuses to run as root). */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

function run(command: string, args: string[]) {
  const [cmd, argv] = asPostgres(command, args);
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

export interface OwnPostgres {
  url: string;
  port: number;
  start(): void;
  stop(mode?: 'fast' | 'immediate'): void;
  destroy(): void;
}

/** initdb into a temporary folder and start it on a free loopback port. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-soak-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const pgctl = path.join(bin, 'pg_ctl');
  let running = false;
  const instance: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run(pgctl, ['-D', data, '-o', options, '-l', log, '-w', '-t', '30', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      run(pgctl, ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) instance.stop('immediate');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  instance.start();
  return instance;
}

export interface RunningApi {
  baseURL: string;
  port: number;
  child: ChildProcess;
  logFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** The production bundle (`node backend/dist/server.js`), as `make start` and the image run it. */
export async function startApi(env: Record<string, string>): Promise<RunningApi> {
  const server = path.join(ROOT, 'backend/dist/server.js');
  if (!fs.existsSync(server)) throw new Error('backend/dist/server.js is missing: run `make build` (make soak does)');
  const port = await freePort();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-soak-api-'));
  const logFile = path.join(workDir, 'api.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [server], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: path.join(workDir, 'data'),
      STATIC_DIR: path.join(workDir, 'no-static'),
      PASSWORD_HASH_LOG_N: '14',
      LOG_LEVEL: 'warn',
      // Production defaults changed for a real deploy (issue 11); the soak wants the demo data,
      // migrations at start and a mail server address (nothing is sent).
      SEED_DEMO: 'true',
      MIGRATE_ON_START: 'true',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SITE_URL: 'https://soak.gym.test',
      ...SOAK_SECRETS,
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const baseURL = `http://127.0.0.1:${port}`;
  await Promise.race([
    waitFor(`${baseURL}/readyz`, 60_000),
    exited.then(({ code }) => {
      throw new Error(`the API exited (${code}) before it was ready; log: ${fs.readFileSync(logFile, 'utf8')}`);
    }),
  ]);
  return {
    baseURL,
    port,
    child,
    logFile,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      fs.closeSync(out);
    },
  };
}

export async function staffCookie(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SOAK_SECRETS.ADMIN_EMAIL, password: SOAK_SECRETS.ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`staff login answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

export function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}
