// The owner's reports under `make bench` (issue 30), after the desk's 10k clients and 120k
// payments: 50k shop orders and a gym's check-ins are added inside PostgreSQL, then each call of
// /admin/reportes is paced through nginx with the owner's session, every request asking for a
// different twelve months (p99 <= 150 ms), and the accountant's year is downloaded in CSV and in
// XLSX while the API's resident memory is sampled (<= 5 s, <= 250 MB). Writes
// <BENCH_OUT>/reports.{json,md}.
//
// Env: BENCH_REPORTS_ORDERS (50000), BENCH_DESK_SECONDS (20: seconds per report).
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { paced } from './paced';

const env = process.env;
const ORDERS = Number(env.BENCH_REPORTS_ORDERS || 50_000);
const SECONDS = Number(env.BENCH_DESK_SECONDS || 20);
const RATE = 10;
const P99_MS = 150;
const EXPORT_MS = 5_000;
const EXPORT_RSS_MB = 250;

/** 50k orders over the last twelve months (8 in 10 paid, 1 cancelled, 1 pending), 1 to 3 lines each; check-ins. */
export async function seedReports(db: Knex) {
  // One transaction, as the shop writes an order and its lines: the reports count paid orders at commit.
  await db.transaction(async (trx) => {
    await trx.raw(
      `INSERT INTO orders (token, estado, comprador_nombre, comprador_apellido, comprador_email, comprador_celular,
         pago, total_centavos, created_at, pagado_at)
       SELECT md5(i::text), (ARRAY['pagado', 'entregado', 'pagado', 'entregado', 'pagado', 'entregado', 'pagado', 'entregado',
           'cancelado', 'pendiente'])[1 + i % 10], 'Comprador', 'Bench', 'comprador' || i % 5000 || '@bench.test', '3815550000',
         (ARRAY['efectivo', 'transferencia', 'mercadopago'])[1 + i % 3], 0,
         now() - (i % 360) * interval '1 day' - (i % 600) * interval '1 minute',
         CASE WHEN i % 10 < 9 THEN now() - (i % 360) * interval '1 day' - (i % 600) * interval '1 minute' + interval '2 hours' END
       FROM generate_series(1, ?::integer) AS i`,
      [ORDERS],
    );
    await trx.raw(
      `WITH p AS (SELECT id, nombre, precio_centavos, row_number() OVER (ORDER BY id) AS n FROM products),
       c AS (SELECT count(*) AS total FROM p),
       o AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM orders WHERE comprador_apellido = 'Bench')
       INSERT INTO order_lines (order_id, position, product_id, nombre, cantidad, precio_centavos, subtotal_centavos)
       SELECT o.id, k, p.id, p.nombre, 1 + (o.n + k) % 2, p.precio_centavos, (1 + (o.n + k) % 2) * p.precio_centavos
       FROM o CROSS JOIN c CROSS JOIN generate_series(0, 2) AS k
       JOIN p ON p.n = 1 + (o.n * 7 + k * 13) % c.total
       WHERE k <= o.n % 3`,
    );
    await trx.raw(
      `UPDATE orders o SET total_centavos = l.total
       FROM (SELECT order_id, sum(subtotal_centavos) AS total FROM order_lines GROUP BY order_id) l
       WHERE l.order_id = o.id AND o.comprador_apellido = 'Bench'`,
    );
  });
  // 2 000 members coming three times a week for twelve weeks, between 7 and 22 h.
  await db.raw(
    `INSERT INTO checkins (at, id_usuario, channel, allowed, reason)
     SELECT date_trunc('day', now()) - (i % 84) * interval '1 day' + (10 + i % 16) * interval '1 hour' + (i % 60) * interval '1 minute',
       'bench-' || (1 + i % 2000), 'qr', i % 50 > 0, CASE WHEN i % 50 > 0 THEN 'Cuota al día' ELSE 'Cuota vencida' END
     FROM generate_series(1, 72000) AS i`,
  );
  // As autovacuum would after a year of writes: the triggers' rows are read from fresh statistics.
  await db.raw('VACUUM ANALYZE orders, order_lines, checkins, membership_payments, report_months, membership_spans');
}

/** Downloads `url` to nowhere, sampling the API's resident memory meanwhile: how long, how big, the peak. */
async function download(url: string, cookie: string, apiPid: number) {
  const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${apiPid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  let peak = rss();
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 25);
  const started = performance.now();
  try {
    const { status, bytes } = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const req = https.get(url, { headers: { cookie }, rejectUnauthorized: false }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    return { status, bytes, ms: Math.round(performance.now() - started), peakRssMB: Math.max(peak, rss()) };
  } finally {
    clearInterval(sampler);
  }
}

export async function benchReports(db: Knex, options: { web: string; out: string; cookie: string; apiPid: number }) {
  const log = (text: string) => console.log(`[bench reports ${new Date().toISOString().slice(11, 19)}] ${text}`);
  const started = Date.now();
  await seedReports(db);
  const counts = (
    await db.raw(`SELECT (SELECT count(*) FROM clients) AS clients, (SELECT count(*) FROM membership_payments) AS payments,
      (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM checkins) AS checkins`)
  ).rows[0] as Record<string, string>;
  log(`seeded ${counts.orders} orders and ${counts.checkins} check-ins in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Each request a different twelve months: this month and the eleven before it, in turn.
  const now = new Date();
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    return d.toISOString().slice(0, 7);
  });
  const rows = [];
  for (const report of ['ingresos', 'socios', 'asistencia', 'tienda']) {
    const label = `GET /v1/reportes/${report} (12 different months)`;
    const m = await paced((i) => `${options.web}/v1/reportes/${report}?hasta=${months[i % months.length]}`, RATE, SECONDS, {
      cookie: options.cookie,
    });
    const non2xx = m.non2xx + m.errors;
    log(`${label} at ${RATE} req/s: p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${non2xx}`);
    rows.push({ label, ...m, non2xx, pass: m.p99 <= P99_MS && non2xx === 0 });
  }
  const year = String(now.getUTCFullYear());
  const exports = [];
  for (const formato of ['csv', 'xlsx']) {
    const d = await download(`${options.web}/v1/reportes/contable?anio=${year}&formato=${formato}`, options.cookie, options.apiPid);
    log(`the accountant's year ${year} in ${formato}: ${d.ms} ms, ${(d.bytes / 1e6).toFixed(1)} MB, API RSS peak ${d.peakRssMB} MB`);
    exports.push({ formato, ...d, pass: d.status === 200 && d.ms <= EXPORT_MS && d.peakRssMB <= EXPORT_RSS_MB });
  }
  const result = {
    date: new Date().toISOString(),
    clients: Number(counts.clients),
    payments: Number(counts.payments),
    orders: Number(counts.orders),
    checkins: Number(counts.checkins),
    rate: RATE,
    seconds: SECONDS,
    loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))),
    rows,
    exports,
  };
  fs.mkdirSync(options.out, { recursive: true });
  fs.writeFileSync(path.join(options.out, 'reports.json'), `${JSON.stringify(result, null, 2)}\n`);
  const md = [
    `# Reports bench, ${result.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${result.clients} clients, ${result.payments} membership payments, ${result.orders} orders, ${result.checkins} check-ins. Through nginx with the owner's session, ${RATE} req/s for ${SECONDS} s per report (target p99 <= ${P99_MS} ms); the accountant's year downloaded once per format (target <= ${EXPORT_MS / 1000} s and API RSS <= ${EXPORT_RSS_MB} MB). Load average at the end: ${result.loadAverage.join(', ')} on ${os.cpus().length} cores.`,
    '',
    '| route | requests | p50 ms | p99 ms | max ms | non-2xx | |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.label} | ${r.requests} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.pass ? 'met' : 'MISSED'} |`),
    '',
    '| accountant’s year | status | ms | MB | API RSS peak MB | |',
    '|---|---:|---:|---:|---:|---|',
    ...exports.map(
      (e) => `| ${e.formato} | ${e.status} | ${e.ms} | ${(e.bytes / 1e6).toFixed(1)} | ${e.peakRssMB} | ${e.pass ? 'met' : 'MISSED'} |`,
    ),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(options.out, 'reports.md'), md);
  // As for the desk: an error answer fails the bench; a missed target only says MISSED.
  if (rows.some((r) => r.non2xx) || exports.some((e) => e.status !== 200)) throw new Error('reports bench: non-2xx answers');
  return rows.every((r) => r.pass) && exports.every((e) => e.pass);
}
