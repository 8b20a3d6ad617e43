// The checkout row of `make bench`: POST /v1/orders at 50 connections, each request on one of 50
// variants in turn (so concurrent orders mostly touch distinct rows), every one a 201, each from one
// of 1000 buyers' addresses (X-Forwarded-For, as nginx sends it: orders from one address queue on
// its throttle row, as they should). Stock is large enough that no order is refused; the
// per-address order limit and the unpaid-units cap are lifted for the run.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Knex } from 'knex';

/** No per-address limits (mails go to the stack's SMTP stub: production refuses to start without SMTP). */
export const CHECKOUT_ENV = { ORDER_MAX_PER_ADDRESS: '1000000000', ORDER_MAX_UNPAID_UNITS: 'off' };

export interface CheckoutMeasure {
  url: string;
  connections: number;
  duration: number;
  variants: number;
  ordersPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  ordersStored: number;
}

const VARIANTS = 50;
/** Issue 25: a sale touches no shared row, so checkouts run side by side. */
export const CHECKOUT_TARGET = { ordersPerSec: 300, p99: 250 };

async function variants(db: Knex): Promise<{ producto: string; talle: string; color: string }[]> {
  const sizes = ['xs', 's', 'm', 'l', 'xl'];
  const colours = ['azul', 'negro', 'gris', 'marron', 'blanco', 'rojo', 'rojo', 'rojo', 'rojo', 'rojo'];
  const products: { id: string }[] = await db('products')
    .insert(
      Array.from({ length: VARIANTS / sizes.length }, (_, i) => ({
        nombre: `Bench checkout ${i}`,
        categoria: ['indumentaria', 'all'],
        precio_centavos: (1000 + i) * 100,
        imagen: '/img/productos/remera-dry-fit.svg',
        descripcion: 'Producto para medir la compra',
        portada: false,
        talle: sizes,
        color: [colours[i]!],
      })),
    )
    .returning('id');
  const rows = products.flatMap((p, i) => sizes.map((talle) => ({ product_id: p.id, talle, color: colours[i]!, stock: 10_000_000 })));
  await db('product_variants').insert(rows);
  return rows.map((r) => ({ producto: r.product_id, talle: r.talle, color: r.color }));
}

export async function benchCheckout(db: Knex, api: string, duration: number): Promise<CheckoutMeasure> {
  const lines = await variants(db);
  const before = Number((await db('orders').count({ n: '*' }).first())?.n ?? 0);
  let next = 0;
  const comprador = { nombre: 'Bench', apellido: 'Compra', email: 'bench@example.com', celular: '3815551234' };
  const url = `${api}/v1/orders`;
  const result = await autocannon({
    url,
    duration,
    connections: 50,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const n = next++;
          const line = lines[n % lines.length]!;
          const headers = { ...req.headers, 'x-forwarded-for': `10.0.${(n >> 8) % 4}.${n % 250}` };
          const lineas = [{ ...line, cantidad: 1 }];
          return { ...req, headers, body: JSON.stringify({ comprador, pago: 'efectivo', lineas }) };
        },
      },
    ],
  });
  const after = Number((await db('orders').count({ n: '*' }).first())?.n ?? 0);
  return {
    url,
    connections: 50,
    duration,
    variants: lines.length,
    ordersPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ordersStored: after - before,
  };
}

/** Its row under the report's tables (results.md) and its figures in results.json. */
export function writeCheckoutRow(outDir: string, m: CheckoutMeasure) {
  const json = path.join(outDir, 'results.json');
  fs.writeFileSync(json, JSON.stringify({ ...JSON.parse(fs.readFileSync(json, 'utf8')), checkout: m }, null, 2) + '\n');
  const met = m.ordersPerSec >= CHECKOUT_TARGET.ordersPerSec && m.p99 <= CHECKOUT_TARGET.p99 && !m.non2xx && !m.errors;
  const row = `| POST /v1/orders (checkout, one line, ${m.variants} variants in turn) | ${Math.round(m.ordersPerSec)} | ${m.p50} | ${m.p99} | ${m.non2xx} | ${m.errors} | ${m.ordersStored} | ${met ? 'met' : '**not met**'} |`;
  const table = [
    '',
    '## Checkout',
    '',
    `Autocannon, ${m.connections} connections, ${m.duration} s, against the API on PostgreSQL.`,
    '',
    `Target: >= ${CHECKOUT_TARGET.ordersPerSec} orders/s with p99 <= ${CHECKOUT_TARGET.p99} ms, every order a 201, none oversold (stock is checked under lock: orders.oversell.api.test.ts).`,
    '',
    '| route | orders/s | p50 ms | p99 ms | non-2xx | errors | orders stored | target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    row,
    '',
  ].join('\n');
  fs.appendFileSync(path.join(outDir, 'results.md'), table);
}
