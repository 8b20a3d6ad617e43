import { formatMoney } from '@gym/contracts/format-money';
import { addDays, formatDate, tucumanToday } from '@gym/contracts/membership-dates';
import { centavos } from '@gym/contracts/money';
import { pricingMessages as m } from '@gym/contracts/pricing';
import { fillTemplate } from '@gym/contracts/whatsapp';
import { runJobOnce } from '../../jobs';
import { createLogger } from '../../logger';
import type { OutgoingMail } from '../../shared/mailer';
import { eligibleClients } from '../../test/member-agent';
import { createTestApp, eventually, type TestApp } from '../../test/test-app';
import { pricingJob } from '.';

// Issue 47, the parts added after the plans: a change that also reprices shop categories, and the
// notice by WhatsApp (template aumento_de_cuota) to the members who accepted it.

const DAY = 86_400_000;
const sent: OutgoingMail[] = [];
let now = Date.now();
const clock = { now: () => new Date(now) };
const silent = createLogger({ level: 'silent', pretty: false });
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

const today = () => tucumanToday(clock.now());
const runPricing = () =>
  runJobOnce(
    pricingJob,
    {
      db: t.db,
      logger: silent,
      clock,
      config: t.config,
      mailer: { send: async (mail: OutgoingMail) => void sent.push(mail) },
    },
    { force: true },
  );
const count = async (table: string) => Number((await t.db(table).count<{ n: number }[]>({ n: '*' }).first())?.n ?? 0);
const priceOf = async (id: string) =>
  Number((await t.db('products').where({ id }).first('precio_centavos')).precio_centavos);
const noticesTo = (address: string) => sent.filter((x) => x.to.address === address && x.subject === m.noticeSubject);
/** The notices mailed to `address` once `count` have arrived (the outbox sends them after the answer). */
const mailed = (address: string, count = 1) =>
  eventually(
    async () => noticesTo(address),
    (found) => found.length >= count,
  );

/** A product of the shop at `pesos`, in these categories. */
async function product(nombre: string, categoria: string[], pesos: number): Promise<string> {
  const body = {
    nombre,
    categoria,
    precio: pesos,
    imagen: '/img/productos/remera-dry-fit.svg',
    descripcion: 'Para cambiar de precio',
    portada: false,
    talle: [],
    color: [],
    stock: 3,
  };
  return (await staff.post('/v1/products').send(body).expect(201)).body.product._id as string;
}

/** Every product of a category now, by name: what a change of it must reach. */
const inCategory = async (categoria: string) =>
  (await t
    .db('products')
    .whereRaw('categoria && ?::text[]', [[categoria]])
    .orderBy([{ column: 'nombre' }, { column: 'id' }])
    .select('id', 'nombre', 'precio_centavos')) as { id: string; nombre: string; precio_centavos: number }[];

/** The shop's rounding of a 10 % rise to $ 100, as the preview and the job compute it. */
const tenPercent = (old: number) => Math.round((old * 1.1) / 10000) * 10000;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    mailer: { send: async (mail) => void sent.push(mail) },
    env: {
      WHATSAPP_TOKEN: 'token-de-prueba',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_APP_SECRET: 'secreto-de-prueba',
      WHATSAPP_VERIFY_TOKEN: 'verificar',
      // Nothing is sent here: the outbox's job is not run, the row is what the test reads.
      WHATSAPP_API_URL: 'http://127.0.0.1:9',
    },
  });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

describe('shop categories', () => {
  let sogaId: string;
  let guantesId: string;
  let remeraId: string;

  beforeAll(async () => {
    sogaId = await product('Soga de saltar', ['accesorios'], 7350);
    guantesId = await product('Guantes de entrenamiento', ['accesorios', 'indumentaria'], 12000);
    remeraId = await product('Remera precio fijo', ['indumentaria'], 15000);
  });

  test('bad input is a Spanish 400 and changes nothing: an unknown category, an amount for a category, no plan nor category', async () => {
    const good = { fecha: addDays(today(), 30), tipo: 'porcentaje', valor: 10, planes: [], categorias: ['accesorios'] };
    const before = { changes: await count('price_changes'), audit: await count('audit_log') };
    const cases: [object, string, string][] = [
      [{ ...good, categorias: ['electrodomesticos'] }, m.unknownCategory, 'categorias'],
      [{ ...good, categorias: ['accesorios', 7] }, m.unknownCategory, 'categorias'],
      [{ ...good, planes: [1], tipo: 'monto', valor: 2000000 }, m.amountForCategories, 'categorias'],
      [{ ...good, categorias: [] }, m.noPlans, 'planes'],
    ];
    for (const [body, message, field] of cases) {
      for (const path of ['/v1/precios/cambios', '/v1/precios/cambios/preview']) {
        const res = await staff.post(path).send(body);
        expect([res.status, res.body.error?.message, res.body.error?.fields?.[field]]).toEqual([400, message, message]);
      }
    }
    // A fall that would leave a product under $ 1 names the product.
    const first = (await inCategory('accesorios'))[0]!;
    const fall = await staff.post('/v1/precios/cambios/preview').send({ ...good, valor: -99.99 });
    expect([fall.status, fall.body.error.message]).toEqual([400, m.productTooLow(first.nombre)]);
    expect({ changes: await count('price_changes'), audit: await count('audit_log') }).toEqual(before);
    expect(await priceOf(sogaId)).toBe(735000);
  });

  test('the preview counts the products of the categories and shows a few, current → new, rounded to $ 100', async () => {
    const body = { fecha: addDays(today(), 30), tipo: 'porcentaje', valor: 10, planes: [], categorias: ['accesorios'] };
    const preview = (await staff.post('/v1/precios/cambios/preview').send(body).expect(200)).body;
    const all = await inCategory('accesorios');
    expect(preview.productos.categorias).toEqual(['accesorios']);
    expect(preview.productos.cantidad).toBe(all.length);
    expect(preview.productos.ejemplos).toEqual(
      all.slice(0, 5).map((p) => ({
        id: p.id,
        nombre: p.nombre,
        precioActualCentavos: Number(p.precio_centavos),
        precioNuevoCentavos: tenPercent(Number(p.precio_centavos)),
      })),
    );
    // $ 7.350 + 10 % = $ 8.085, rounded to $ 100: $ 8.100 (Soga is among the first five by name or not: computed alike).
    expect(tenPercent(735000)).toBe(810000);
    expect(preview.planes).toEqual([]);
    expect(preview.afectados).toEqual([]);
    expect(await count('price_changes')).toBe(0);
  });

  test('scheduled, then on the date (not before) the products of the category get the new price, audited', async () => {
    const fecha = addDays(today(), 30);
    const res = await staff
      .post('/v1/precios/cambios')
      .send({ fecha, tipo: 'porcentaje', valor: 10, planes: [], categorias: ['accesorios'] })
      .expect(201);
    expect(res.body).toEqual(
      expect.objectContaining({ fecha, estado: 'avisado', planes: [], categorias: ['accesorios'] }),
    );
    const listed = (await staff.get('/v1/precios/cambios').expect(200)).body.cambios;
    expect(listed.find((c: { id: string }) => c.id === res.body.id).categorias).toEqual(['accesorios']);
    // The same category the same day is refused; another category that day is fine.
    const again = await staff
      .post('/v1/precios/cambios')
      .send({ fecha, tipo: 'porcentaje', valor: 5, planes: [], categorias: ['accesorios'] });
    expect([again.status, again.body.error.message]).toEqual([
      409,
      m.categorySameDate('Accesorios', formatDate(fecha)),
    ]);

    // Staff edit a price before the date: the rise applies to the price of that day.
    await t.db('products').where({ id: guantesId }).update({ precio_centavos: 1300000 });
    const all = await inCategory('accesorios');
    now += 29 * DAY;
    expect((await runPricing()).result).toEqual(expect.objectContaining({ aplicados: 0 }));
    expect(await priceOf(sogaId)).toBe(735000);
    now += DAY;
    expect((await runPricing()).result).toEqual(expect.objectContaining({ aplicados: 1 }));
    for (const p of all)
      expect([p.nombre, await priceOf(p.id)]).toEqual([p.nombre, tenPercent(Number(p.precio_centavos))]);
    expect([await priceOf(sogaId), await priceOf(guantesId), await priceOf(remeraId)]).toEqual([
      810000, 1430000, 1500000,
    ]);
    // The public catalogue shows the new price.
    const shown = (await staff.get(`/v1/product/${sogaId}`).expect(200)).body.product;
    expect(shown.precio).toBe(8100);
    const audit = await t
      .db('audit_log')
      .where({ entity: 'producto', entity_id: sogaId, action: 'editar' })
      .first('before', 'after');
    expect(audit).toEqual({
      before: { nombre: 'Soga de saltar', precio: 7350 },
      after: { nombre: 'Soga de saltar', precio: 8100 },
    });
    const applied = await t
      .db('audit_log')
      .where({ entity: 'cambio_precio', entity_id: res.body.id, action: 'aplicar' })
      .first('after');
    expect(applied.after).toEqual(
      expect.objectContaining({ categorias: 'accesorios', productosCambiados: all.length, productosSinCambio: 0 }),
    );
    // Run again: nothing twice.
    expect((await runPricing()).result).toEqual(expect.objectContaining({ aplicados: 0 }));
    expect(await priceOf(sogaId)).toBe(810000);
  });
});

describe('the notice by WhatsApp', () => {
  test('members who accepted WhatsApp get aumento_de_cuota with their fees and the date; the others keep the e-mail', async () => {
    // The clock moved a month in the tests before: a fresh session.
    staff = await t.staffAgent();
    await t.db('plans').insert({
      codigo_plan: 'plan-precio-whatsapp',
      id_plan: 6,
      nombre_plan: 'PLAN WA',
      description: 'PRUEBA DE AVISOS',
      precio_centavos: 150000,
      cuota_mensual_centavos: 1000000,
      created_at: clock.now(),
      updated_at: clock.now(),
    });
    const [yes, no, never] = (await eligibleClients(t, 'precio-wa', 3, 6)) as [string, string, string];
    await t
      .db('memberships')
      .whereIn('id_usuario', [yes, no, never])
      .update({ paid_until: addDays(today(), 5) });
    await staff.put(`/v1/clientes/${yes}/whatsapp`).send({ acepta: true }).expect(200);
    await staff.put(`/v1/clientes/${no}/whatsapp`).send({ acepta: false }).expect(200);
    const nombre = (await t.db('clients').where({ id_usuario: yes }).first('nombre')).nombre as string;

    const fecha = addDays(today(), 30);
    const res = await staff
      .post('/v1/precios/cambios')
      .send({ fecha, tipo: 'monto', valor: 1200000, planes: [6] })
      .expect(201);
    const id = res.body.id as string;

    const rows = await t.db('message_outbox').whereIn('id_usuario', [yes, no, never]).select('*');
    expect(rows).toHaveLength(1);
    const params = [
      nombre.split(' ')[0] ?? nombre,
      'PLAN WA',
      formatMoney(centavos(1000000)),
      formatMoney(centavos(1200000)),
      formatDate(fecha),
    ];
    expect(rows[0]).toEqual(
      expect.objectContaining({
        id_usuario: yes,
        channel: 'whatsapp',
        template: 'aumento_de_cuota',
        params,
        idempotency_key: `aumento_de_cuota:${id}:${yes}`,
        status: 'queued',
      }),
    );
    expect(fillTemplate('aumento_de_cuota', params)).toContain(
      `desde el ${formatDate(fecha)} la cuota de tu plan PLAN WA pasa de ${formatMoney(centavos(1000000))} a ${formatMoney(centavos(1200000))}`,
    );
    // WhatsApp instead of the e-mail for the one who accepted; the e-mail (sent by the outbox after
    // the answer) for the rest.
    expect(await mailed(`${no}@correo.com`)).toHaveLength(1);
    expect(await mailed(`${never}@correo.com`)).toHaveLength(1);
    expect(noticesTo(`${yes}@correo.com`)).toEqual([]);

    // Postponed: the template was queued once for this change; the new date goes by e-mail to all.
    await staff
      .post(`/v1/precios/cambios/${id}/posponer`)
      .send({ fecha: addDays(fecha, 7) })
      .expect(200);
    expect(await t.db('message_outbox').whereIn('id_usuario', [yes, no, never]).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await mailed(`${yes}@correo.com`))[0]?.text).toContain(`desde el ${formatDate(addDays(fecha, 7))}`);
    expect(await mailed(`${no}@correo.com`, 2)).toHaveLength(2);
  });
});
