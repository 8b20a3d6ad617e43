// The front desk under `make bench`: 10k clients with memberships and 120k payments seeded inside
// PostgreSQL, then the dashboard (and a list page) through nginx at 20 req/s with a staff session,
// paced like the catalogue's fixed-rate rows. Writes <BENCH_OUT>/desk.{json,md}; target p99 < 100 ms.
//
// Env: BENCH_DESK_CLIENTS (10000), BENCH_DESK_PAYMENTS_PER_CLIENT (12), BENCH_DESK_SECONDS (20).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { paced } from './paced';

const env = process.env;
const CLIENTS = Number(env.BENCH_DESK_CLIENTS || 10_000);
const PER_CLIENT = Number(env.BENCH_DESK_PAYMENTS_PER_CLIENT || 12);
const SECONDS = Number(env.BENCH_DESK_SECONDS || 20);
const RATE = 20;
const TARGET_P99_MS = 100;

export async function seedDesk(db: Knex) {
  await db.raw(
    `INSERT INTO clients (id_usuario, nombre, edad, correo, celular, plan, turno, trainer_id, created_at)
     SELECT 'bench-' || i, 'Socio ' || i, 18 + i % 60, 'socio' || i || '@bench.test', 3815000000 + i,
       (SELECT id_plan FROM plans ORDER BY id_plan OFFSET i % (SELECT count(*) FROM plans) LIMIT 1),
       (ARRAY['Mañana', 'Tarde', 'Noche'])[1 + i % 3], (SELECT min(id) FROM trainers), now() - (i % 400) * interval '1 day'
     FROM generate_series(1, ?::integer) AS i`,
    [CLIENTS],
  );
  await db.raw(
    `INSERT INTO memberships (id_usuario, start_date, paid_until, cycle_day, apto_fecha, apto_vence)
     SELECT 'bench-' || i, current_date - 400, current_date + (i % 70 - 25), 1 + i % 28,
       CASE WHEN i % 3 > 0 THEN current_date - i % 500 END, CASE WHEN i % 3 > 0 THEN current_date - i % 500 + 365 END
     FROM generate_series(1, ?::integer) AS i`,
    [CLIENTS],
  );
  await db.raw(
    `INSERT INTO membership_pauses (id_usuario, motivo, started_on)
     SELECT 'bench-' || i, 'Viaje', current_date - i % 20 FROM generate_series(1, ?::integer, 50) AS i`,
    [CLIENTS],
  );
  await db.raw(
    `INSERT INTO membership_payments (id_usuario, amount_centavos, plan_price_centavos, id_plan, method, months,
       period_from, period_to, days_added, created_at, voided_at, void_reason, receipt_number)
     SELECT 'bench-' || i, 250000, 250000, 1, (ARRAY['efectivo', 'transferencia', 'tarjeta'])[1 + (i + m) % 3], 1,
       current_date - m * 30, current_date - m * 30 + 30, 30, now() - (m * 30 + i % 30) * interval '1 day' + interval '1 day',
       CASE WHEN (i + m) % 97 = 0 THEN now() END, CASE WHEN (i + m) % 97 = 0 THEN 'Cargado dos veces' END,
       (SELECT last FROM receipt_counter) + (i - 1) * ?::integer + m + 1
     FROM generate_series(1, ?::integer) AS i, generate_series(0, ?::integer - 1) AS m`,
    [PER_CLIENT, CLIENTS, PER_CLIENT],
  );
  // The receipts' counter goes on after them, as if the API had recorded each one.
  await db.raw('UPDATE receipt_counter SET last = (SELECT max(receipt_number) FROM membership_payments)');
  await db.raw('ANALYZE clients, memberships, membership_pauses, membership_payments');
}

export async function staffCookie(api: string, credentials: { email: string; password: string }) {
  const res = await fetch(`${api}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: api },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`staff login answered ${res.status}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

export async function benchDesk(
  db: Knex,
  options: { api: string; web: string; out: string; credentials: { email: string; password: string } },
) {
  const log = (text: string) => console.log(`[bench desk ${new Date().toISOString().slice(11, 19)}] ${text}`);
  const started = Date.now();
  await seedDesk(db);
  const counts = await db.raw(
    'SELECT (SELECT count(*) FROM clients) AS clients, (SELECT count(*) FROM membership_payments) AS payments',
  );
  const { clients, payments } = counts.rows[0] as { clients: string; payments: string };
  log(`seeded ${clients} clients and ${payments} payments in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const cookie = await staffCookie(options.api, options.credentials);
  const rows = [];
  // The dashboard is one address; the lists vary as the desk uses them (each list, pages 1 to 5).
  const lists = ['por-vencer', 'vencidas', 'pausadas', 'activas', 'sin-apto'];
  const listPath = (i: number) => `/v1/desk/memberships?estado=${lists[i % lists.length]}&page=${(i % 5) + 1}`;
  for (const [label, route] of [
    ['GET /v1/desk/dashboard', () => '/v1/desk/dashboard'],
    ['GET /v1/desk/memberships (each list, pages 1-5)', listPath],
  ] as const) {
    const m = await paced((i) => `${options.web}${route(i)}`, RATE, SECONDS, { cookie });
    log(`${label} through nginx at ${RATE} req/s: p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx + m.errors}`);
    rows.push({ label, ...m, non2xx: m.non2xx + m.errors, pass: m.p99 < TARGET_P99_MS && m.non2xx + m.errors === 0 });
  }
  const loadAverage = os.loadavg().map((n) => Number(n.toFixed(2)));
  const result = { date: new Date().toISOString(), clients: Number(clients), payments: Number(payments), rate: RATE, seconds: SECONDS, loadAverage, rows };
  fs.mkdirSync(options.out, { recursive: true });
  fs.writeFileSync(path.join(options.out, 'desk.json'), `${JSON.stringify(result, null, 2)}\n`);
  const md = [
    `# Front desk bench, ${result.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${result.clients} clients, ${result.payments} payments; through nginx with a staff session, ${RATE} req/s for ${SECONDS} s (target p99 < ${TARGET_P99_MS} ms). Load average of the machine at the end: ${result.loadAverage.join(', ')} on ${os.cpus().length} cores.`,
    '',
    '| route | requests | p50 ms | p99 ms | max ms | non-2xx | |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...rows.map((r) => `| ${r.label} | ${r.requests} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.pass ? 'met' : 'MISSED'} |`),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(options.out, 'desk.md'), md);
  // A non-2xx answer always fails the bench (as for the catalogue); a missed p99 only says MISSED.
  if (rows.some((r) => r.non2xx)) throw new Error('desk bench: non-2xx answers');
  return rows.every((r) => r.pass);
}
