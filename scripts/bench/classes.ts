// Classes under `make bench` (issue 28), after the desk's 10k clients: 200 simultaneous bookings
// across 10 sessions through nginx, from 200 connections already open (phones showing the list) (booked + waiting = requests, no session over capacity,
// p99 <= 300 ms), then the door at 50 req/s, by DNI and by the portal's QR, each a different
// client (p99 <= 50 ms). Writes <BENCH_OUT>/classes.{json,md}.
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDoorPass } from '../../backend/src/modules/members/door-pass';
import { paced } from './paced';

const env = process.env;
const BOOKINGS = 200;
const SESSIONS = 10;
const CAPACITY = 15;
const BOOKING_P99_MS = 300;
const DOOR_RATE = 50;
const DOOR_SECONDS = Number(env.BENCH_DESK_SECONDS || 20);
const DOOR_P99_MS = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** One request through nginx (the run's own certificate, not checked): its status. */
function send(agent: https.Agent, url: string, headers: Record<string, string>, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const method = body === undefined ? 'GET' : 'POST';
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = https.request(url, { agent, method, headers: { ...headers, ...length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function benchClasses(
  db: Knex,
  options: { api: string; web: string; out: string; cookie: string; qrSecret: string },
) {
  const log = (text: string) => console.log(`[bench classes ${new Date().toISOString().slice(11, 19)}] ${text}`);
  // Every bench client gets a DNI, and every plan includes boxing (the bench's plans are not the demo's).
  await db.raw(`UPDATE clients SET dni = (50000000 + substr(id_usuario, 7)::integer)::text WHERE id_usuario LIKE 'bench-%'`);
  await db.raw(`INSERT INTO plan_disciplines (id_plan, discipline) SELECT id_plan, 'boxeo' FROM plans ON CONFLICT DO NOTHING`);
  const headers = { cookie: options.cookie, origin: options.web, 'content-type': 'application/json' };
  const sessionsRes = await fetch(`${options.api}/v1/clases/sesiones?dias=8`, { headers: { cookie: options.cookie } });
  const all = ((await sessionsRes.json()) as { sesiones: { id: string; discipline: string; startsAt: string }[] }).sesiones;
  const sessions = all.filter((s) => s.discipline === 'boxeo' && Date.parse(s.startsAt) > Date.now() + 3 * 3_600_000).slice(0, SESSIONS);
  if (sessions.length < SESSIONS) throw new Error(`classes bench: only ${sessions.length} boxing sessions ahead`);
  await db('class_sessions').whereIn('id', sessions.map((s) => s.id)).update({ capacity: CAPACITY });
  const eligible: { id_usuario: string }[] = await db({ c: 'clients' })
    .join({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
    .join({ d: 'plan_disciplines' }, (j) => j.on('d.id_plan', 'c.plan').andOnVal('d.discipline', 'boxeo'))
    .whereLike('c.id_usuario', 'bench-%')
    .whereRaw('m.paid_until >= current_date + 9 AND m.apto_vence >= current_date + 9')
    .whereNotExists(db('membership_pauses').whereRaw('id_usuario = c.id_usuario').whereNull('ended_on'))
    .limit(BOOKINGS)
    .select('c.id_usuario');
  if (eligible.length < BOOKINGS) throw new Error(`classes bench: only ${eligible.length} clients may book boxing`);

  // 200 phones with the class list open (each its own connection, already made), pressing
  // Reservar at the same moment: 20 per session, each session takes 15 and puts 5 on its list.
  const latencies: number[] = [];
  let non2xx = 0;
  const phones = eligible.map(() => new https.Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false }));
  await Promise.all(phones.map((agent) => send(agent, `${options.web}/healthz`, {})));
  await Promise.all(
    eligible.map(async ({ id_usuario }, i) => {
      const started = performance.now();
      const url = `${options.web}/v1/clases/sesiones/${sessions[i % SESSIONS]!.id}/reservas`;
      const status = await send(phones[i]!, url, headers, JSON.stringify({ idUsuario: id_usuario })).catch(() => 0);
      latencies.push(performance.now() - started);
      if (status !== 201) non2xx += 1;
    }),
  );
  for (const agent of phones) agent.destroy();
  latencies.sort((a, b) => a - b);
  const held: { id: string; held: string; waiting: string; capacity: number }[] = (
    await db.raw(
      `SELECT s.id, s.capacity, count(*) FILTER (WHERE b.status = 'reservada') AS held, count(*) FILTER (WHERE b.status = 'espera') AS waiting
       FROM class_sessions s JOIN class_bookings b ON b.session_id = s.id WHERE s.id = ANY(?) GROUP BY s.id`,
      [sessions.map((s) => s.id)],
    )
  ).rows;
  const stored = held.reduce((n, s) => n + Number(s.held) + Number(s.waiting), 0);
  const overCapacity = held.filter((s) => Number(s.held) > s.capacity).length;
  const booking = {
    label: `${BOOKINGS} simultaneous bookings across ${SESSIONS} sessions of ${CAPACITY} places`,
    requests: latencies.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    non2xx,
    booked: held.reduce((n, s) => n + Number(s.held), 0),
    waiting: held.reduce((n, s) => n + Number(s.waiting), 0),
    overCapacity,
    pass: latencies.length === BOOKINGS && stored === BOOKINGS && overCapacity === 0 && non2xx === 0 && percentile(latencies, 99) <= BOOKING_P99_MS,
  };
  log(`${booking.label}: p50 ${booking.p50} ms, p99 ${booking.p99} ms, ${booking.booked} booked + ${booking.waiting} waiting, ${overCapacity} over capacity`);

  // The door: a different client each time, by DNI and by a fresh QR of the portal.
  const clients = (await db('clients').whereLike('id_usuario', 'bench-%').count({ n: '*' }))[0]!.n;
  const count = Number(clients);
  const pass = createDoorPass(options.qrSecret, { now: () => new Date() });
  const byDni = (i: number) => JSON.stringify({ dni: String(50000000 + 1 + ((i * 7919) % count)) });
  const byQr = (i: number) => JSON.stringify({ qr: pass.issue(`bench-${1 + ((i * 104729) % count)}`).token });
  const door = [];
  for (const [label, body] of [
    ['POST /v1/clases/ingresos by DNI', byDni],
    ['POST /v1/clases/ingresos by QR', byQr],
  ] as const) {
    const m = await paced(`${options.web}/v1/clases/ingresos`, DOOR_RATE, DOOR_SECONDS, { cookie: options.cookie, origin: options.web }, body);
    log(`${label} at ${DOOR_RATE} req/s: p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx + m.errors}`);
    door.push({ label, ...m, non2xx: m.non2xx + m.errors, pass: m.p99 <= DOOR_P99_MS && m.non2xx + m.errors === 0 });
  }

  const result = { date: new Date().toISOString(), clients: count, loadAverage: os.loadavg().map((n) => Number(n.toFixed(2))), booking, door };
  fs.mkdirSync(options.out, { recursive: true });
  fs.writeFileSync(path.join(options.out, 'classes.json'), `${JSON.stringify(result, null, 2)}\n`);
  const md = [
    `# Classes bench, ${result.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${count} clients, through nginx with a staff session. Load average at the end: ${result.loadAverage.join(', ')} on ${os.cpus().length} cores.`,
    '',
    `| what | requests | p50 ms | p99 ms | max ms | non-2xx | target | |`,
    '|---|---:|---:|---:|---:|---:|---|---|',
    `| ${booking.label} (${booking.booked} booked, ${booking.waiting} waiting, ${overCapacity} over capacity) | ${booking.requests} | ${booking.p50} | ${booking.p99} | ${booking.max} | ${booking.non2xx} | p99 ≤ ${BOOKING_P99_MS} ms | ${booking.pass ? 'met' : 'MISSED'} |`,
    ...door.map(
      (r) => `| ${r.label} at ${DOOR_RATE} req/s | ${r.requests} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | p99 ≤ ${DOOR_P99_MS} ms | ${r.pass ? 'met' : 'MISSED'} |`,
    ),
    '',
  ].join('\n');
  fs.writeFileSync(path.join(options.out, 'classes.md'), md);
  // Places over capacity or lost requests always fail the bench; a missed p99 says MISSED.
  if (overCapacity || stored !== BOOKINGS || non2xx || door.some((r) => r.non2xx)) throw new Error('classes bench: wrong answers');
  return booking.pass && door.every((r) => r.pass);
}
