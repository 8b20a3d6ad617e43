import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createTestDatabase, migrateUpTo } from '../../test/test-database';

let db: Knex;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(() => drop());

test('migration 0026_reports reads what is already there into the reports, and rolls back', async () => {
  await migrateUpTo(db, '0026_reports');
  await db('plans').insert({
    codigo_plan: 'plan-1',
    id_plan: 1,
    nombre_plan: 'BOXEO',
    description: 'BOXEO',
    precio_centavos: 250_000,
    cuota_mensual_centavos: 250_000,
  });
  const [{ id: trainer }] = await db('trainers').insert({ nombre: 'Ana' }, ['id']);
  await db('clients').insert({
    id_usuario: 'antes-1',
    nombre: 'Antes',
    edad: 30,
    correo: 'antes@correo.com',
    celular: 3815550000,
    plan: 1,
    turno: 'Tarde',
    trainer_id: trainer,
  });
  const payment = (n: number, at: string, from: string, to: string, voided = false) => ({
    id_usuario: 'antes-1',
    amount_centavos: 250_000,
    plan_price_centavos: 250_000,
    id_plan: 1,
    method: 'efectivo',
    months: 1,
    period_from: from,
    period_to: to,
    days_added: 30,
    created_at: at,
    receipt_number: n,
    voided_at: voided ? at : null,
    void_reason: voided ? 'Cargado dos veces' : null,
  });
  await db('membership_payments').insert([
    payment(1, '2026-09-30T23:30:00-03:00', '2026-10-01', '2026-10-31'),
    payment(2, '2026-11-15T10:00:00-03:00', '2026-11-15', '2026-12-14'),
    payment(3, '2026-11-16T10:00:00-03:00', '2026-12-15', '2027-01-14', true),
  ]);
  const [{ id: order }] = await db('orders').insert(
    {
      token: 'x',
      estado: 'entregado',
      comprador_nombre: 'Lía',
      comprador_apellido: 'Sosa',
      comprador_email: 'lia@correo.com',
      comprador_celular: '3815551111',
      pago: 'transferencia',
      total_centavos: 300_000,
      pagado_at: '2026-10-31T22:00:00-03:00',
    },
    ['id'],
  );
  const product = randomUUID();
  await db('order_lines').insert({
    order_id: order,
    position: 0,
    product_id: product,
    nombre: 'Soga',
    cantidad: 2,
    precio_centavos: 150_000,
    subtotal_centavos: 300_000,
  });
  await db('checkins').insert({
    at: '2026-11-02T23:30:00-03:00',
    id_usuario: 'antes-1',
    channel: 'qr',
    allowed: true,
    reason: 'Cuota al día',
  });

  await db.migrate.latest();
  const months = await db('report_months')
    .orderBy(['kind', 'month'])
    .select('kind', db.raw('month::text AS month'), 'method', 'item', 'nombre', 'unidades', 'monto');
  expect(months.map((r) => [r.kind, r.month, r.method, r.item, r.nombre, Number(r.unidades), Number(r.monto)])).toEqual(
    [
      // 23:30 of 30 September in Tucumán is October in UTC: September's payment.
      ['cuota', '2026-09-01', 'efectivo', '1', null, 1, 250_000],
      ['cuota', '2026-11-01', 'efectivo', '1', null, 1, 250_000],
      ['pedido', '2026-10-01', 'transferencia', '', null, 1, 300_000],
      ['producto', '2026-10-01', '', product, 'Soga', 2, 300_000],
    ],
  );
  // 15 days between October's end and the next period: one span; the voided payment adds nothing.
  expect(
    await db('membership_spans').select('id_usuario', db.raw('started_on::text'), db.raw('ended_on::text')),
  ).toEqual([{ id_usuario: 'antes-1', started_on: '2026-10-01', ended_on: '2026-12-14' }]);
  expect(await db('checkins').first('local_weekday', 'local_hour')).toEqual({ local_weekday: 1, local_hour: 23 });

  await db.migrate.down({ name: '0026_reports' });
  expect(await db.schema.hasTable('report_months')).toBe(false);
  expect(await db.schema.hasColumn('checkins', 'local_hour')).toBe(false);
  await db.migrate.latest();
  expect(Number((await db('membership_spans').count('* as n'))[0]!.n)).toBe(1);
});
