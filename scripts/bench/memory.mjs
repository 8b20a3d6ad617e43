// The API's memory under load, to size compose's mem_limit: the built API (production, scrypt at
// its production cost N=2^17, 128 MiB per hash) on a fresh PostgreSQL database, idle, then 20 s of
// 50 connections reading the catalogue beside 4 connections logging in (MEMORY_LOGINS). Prints RSS and peak (VmHWM).
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench/memory.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.MEMORY_PORT ?? 19112);
const SECONDS = Number(process.env.MEMORY_SECONDS ?? 20);
const admin = { email: 'duena@gimnasio.test', password: 'Gimnasio2026' };
const MiB = (kb) => Math.round(kb / 1024);
const status = (pid) => {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(text.match(new RegExp(`${key}:\\s+(\\d+)`))[1]);
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
};
const sql = async (query) => {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
};

const name = `gym_memory_${randomBytes(4).toString('hex')}`;
await sql(`CREATE DATABASE ${name}`);
const url = new URL(server);
url.pathname = `/${name}`;
const api = spawn(process.execPath, ['backend/dist/server.js'], {
  cwd: ROOT,
  stdio: 'ignore',
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATABASE_URL: url.toString(),
    MIGRATE_ON_START: 'true',
    SEED_DEMO: 'true',
    STAFF_CODE: 'mem2026ok',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: 'smtp://127.0.0.1:9',
    SITE_URL: 'https://bench.gym.test',
    MEMBER_QR_SECRET: 'mem-qr-secret-de-prueba-0123456789',
    LOGIN_MAX_FAILURES: '1000000',
    LOG_LEVEL: 'warn',
  },
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i += 1) {
    if (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('the API did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 3000));
  const idle = status(api.pid);
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, status(api.pid).rss)), 100);
  const run = (opts) => new Promise((resolve, reject) => autocannon({ duration: SECONDS, ...opts }, (e, r) => (e ? reject(e) : resolve(r))));
  const [reads, logins] = await Promise.all([
    run({ url: `${base}/v1/products?categoria=equipos&page=1&limit=12`, connections: 50 }),
    run({
      url: `${base}/v1/user/login`,
      connections: Number(process.env.MEMORY_LOGINS ?? 4),
      timeout: 60,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(admin),
    }),
  ]);
  clearInterval(sampler);
  const after = status(api.pid);
  const result = {
    node: process.version,
    idleRssMiB: MiB(idle.rss),
    peakRssMiB: MiB(Math.max(peak, after.hwm)),
    reads: { requests: reads.requests.total, non2xx: reads.non2xx },
    logins: { requests: logins.requests.total, non2xx: logins.non2xx, errors: logins.errors, timeouts: logins.timeouts },
  };
  console.log(JSON.stringify(result, null, 2));
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => api.once('exit', r));
  await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
