import pg from 'pg';
import { sleep, staffCookie, startApi, startOwnPostgres, type OwnPostgres, type RunningApi } from './support';

/**
 * PostgreSQL stops under load and comes back: the API answers 503 JSON within 5 s while it is down
 * (/readyz 503, /healthz 200, the process stays up), 200s resume within 10 s of it coming back,
 * and every write acknowledged (201) before the stop is still there afterwards.
 */
const DOWN_MS = 8_000;
const AFTER_MS = 12_000;
const WORKERS = 10;
const DATABASE_DOWN = 'El servicio no está disponible en este momento. Probá de nuevo en unos minutos.';

interface Sample {
  kind: 'read' | 'write';
  start: number;
  end: number;
  status: number;
  json: boolean;
  message?: string;
  id?: string;
  networkError?: string;
}

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

async function call(kind: Sample['kind'], url: string, init: RequestInit): Promise<Sample> {
  const start = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const text = await res.text();
    const json = /^application\/json/.test(res.headers.get('content-type') ?? '');
    const body = json && text ? (JSON.parse(text) as { error?: { message?: string }; product?: { _id: string } }) : {};
    return {
      kind,
      start,
      end: Date.now(),
      status: res.status,
      json,
      message: body.error?.message,
      id: body.product?._id,
    };
  } catch (err) {
    return { kind, start, end: Date.now(), status: 0, json: false, networkError: String(err) };
  }
}

function load(baseURL: string, cookie: string, until: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  const worker = async (w: number) => {
    for (let i = 0; !until() && i < 100_000; i++) {
      if (i % 3 === 2) {
        const product = {
          nombre: `Soak ${w}-${i}`,
          categoria: ['equipos'],
          precio: 1000 + i,
          imagen: '/img/productos/botella-termica.svg',
          descripcion: 'Escrito durante la prueba de fallas',
          portada: false,
          talle: [],
          color: [],
          stock: 1,
        };
        samples.push(
          await call('write', `${baseURL}/v1/products`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify(product),
          }),
        );
      } else {
        samples.push(await call('read', `${baseURL}/v1/products?categoria=equipos&limit=12&page=${(i % 3) + 1}`, {}));
      }
      await sleep(20);
    }
  };
  return Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w))).then(() => samples);
}

test('PostgreSQL stops during load: 503 JSON within 5 s, health stays up, 200s resume within 10 s, no acknowledged write lost', async () => {
  const cookie = await staffCookie(api.baseURL);
  let done = false;
  const running = load(api.baseURL, cookie, () => done);

  await sleep(3_000);
  postgres.stop('fast');
  const downAt = Date.now();

  await sleep(DOWN_MS / 2);
  const health = await call('read', `${api.baseURL}/healthz`, {});
  const ready = await call('read', `${api.baseURL}/readyz`, {});
  await sleep(DOWN_MS / 2);

  postgres.start();
  const upAt = Date.now();
  await sleep(AFTER_MS);
  done = true;
  const samples = await running;

  expect(api.child.exitCode).toBeNull();
  expect({ status: health.status, ms: health.end - health.start < 1000 }).toEqual({ status: 200, ms: true });
  expect({ status: ready.status, ms: ready.end - ready.start < 5000 }).toEqual({ status: 503, ms: true });

  expect(samples.filter((s) => s.networkError)).toEqual([]);
  const beforeStop = samples.filter((s) => s.end < downAt);
  expect(beforeStop.filter((s) => s.kind === 'write' && s.status === 201).length).toBeGreaterThan(5);

  const duringOutage = samples.filter((s) => s.start > downAt + 200 && s.end < upAt);
  expect(duringOutage.length).toBeGreaterThan(20);
  for (const s of duringOutage) {
    expect({ status: s.status, json: s.json, message: s.message, slow: s.end - s.start > 5000 }).toEqual({
      status: 503,
      json: true,
      message: DATABASE_DOWN,
      slow: false,
    });
  }
  const startedDuringOutage = samples.filter((s) => s.start > downAt + 200);
  expect(startedDuringOutage.filter((s) => s.end - s.start > 5000)).toEqual([]);

  const firstOk = samples
    .filter((s) => s.start >= upAt && s.status >= 200 && s.status < 300)
    .sort((a, b) => a.end - b.end)[0];
  expect(firstOk).toBeDefined();
  expect(firstOk!.end - upAt).toBeLessThan(10_000);
  const settled = samples.filter((s) => s.start > upAt + 10_000);
  expect(settled.length).toBeGreaterThan(10);
  expect(settled.filter((s) => s.status >= 300)).toEqual([]);

  const acked = samples.filter((s) => s.kind === 'write' && s.status === 201).map((s) => s.id!);
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from products where id = any($1::uuid[])',
      [acked],
    );
    expect(Number(rows[0]!.n)).toBe(acked.length);
  } finally {
    await client.end();
  }
  const outage = duringOutage.map((s) => s.end - s.start).sort((a, b) => a - b);
  console.log(
    `db-fault: ${samples.length} requests; ${acked.length} writes acknowledged and all found after the restart; ` +
      `${duringOutage.length} answered during the outage, all 503 JSON, slowest ${outage.at(-1)} ms; ` +
      `first 2xx ${firstOk!.end - upAt} ms after PostgreSQL was back`,
  );
}, 120_000);
