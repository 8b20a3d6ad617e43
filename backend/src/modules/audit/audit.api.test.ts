import { auditMessages, roleMessages } from '@gym/contracts/roles';
import { createTestApp, manualClock, TEST_ADMIN, type TestApp } from '../../test/test-app';
import { signedInAs } from '../../test/role-agents';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['staffAgent']>>;
const clock = manualClock();
/** A day in Tucumán (UTC−3), `days` from today. */
const tucumanDay = (days = 0) =>
  new Date(clock.now().getTime() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const product = {
  nombre: 'Soga',
  categoria: ['accesorios'],
  precio: 1500,
  imagen: '/img/productos/botella-termica.svg',
  descripcion: 'Para saltar',
  portada: false,
  talle: [],
  color: [],
  stock: 3,
};
let receptionEmail: string;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  owner = await t.staffAgent();
  const reception = await signedInAs(t, 'recepcion');
  receptionEmail = reception.email;
  productId = (await reception.agent.post('/v1/products').send(product).expect(201)).body.product._id;
  await reception.agent
    .put(`/v1/product/${productId}`)
    .send({ ...product, precio: 1700 })
    .expect(200);
});
afterAll(() => t.close());

describe('GET /v1/audit', () => {
  test('newest first, in the contract shape, an edit keeping only what changed', async () => {
    const res = await owner.get('/v1/audit').expect(200);
    expect(res.body).toEqual({ entries: expect.any(Array), total: 3, page: 1, limit: 50 });
    const [edit, create, register] = res.body.entries;
    expect(edit).toEqual({
      at: clock.now().toISOString(),
      actor: { _id: expect.any(String), email: receptionEmail, role: 'recepcion', name: 'Prueba Rol' },
      entity: 'producto',
      entityId: productId,
      action: 'editar',
      before: { precio: 1500 },
      after: { precio: 1700 },
      requestId: expect.any(String),
      subject: { name: 'Soga', email: null },
    });
    expect(create.action).toBe('crear');
    expect(create.after).toEqual(expect.objectContaining({ nombre: 'Soga', precio: 1500 }));
    expect(register).toEqual(expect.objectContaining({ entity: 'cuenta', action: 'registrar', before: null }));
  });

  test('filters by person (e-mail or id), entity and days in Tucumán, and pages', async () => {
    const byPerson = (await owner.get('/v1/audit').query({ actor: receptionEmail, entity: 'producto' })).body;
    expect(byPerson.entries.map((e: { action: string }) => e.action)).toEqual(['editar', 'crear']);
    const id = byPerson.entries[0].actor._id;
    expect((await owner.get('/v1/audit').query({ actor: id })).body.total).toBe(3);
    expect((await owner.get('/v1/audit').query({ actor: TEST_ADMIN.email })).body.total).toBe(0);
    const today = tucumanDay();
    expect((await owner.get('/v1/audit').query({ from: today, to: today })).body.total).toBe(3);
    expect((await owner.get('/v1/audit').query({ to: tucumanDay(-1) })).body.total).toBe(0);
    expect((await owner.get('/v1/audit').query({ from: tucumanDay(1) })).body.total).toBe(0);
    const page2 = (await owner.get('/v1/audit').query({ limit: '2', page: '2' })).body;
    expect(page2).toEqual(expect.objectContaining({ total: 3, page: 2, limit: 2 }));
    expect(page2.entries).toHaveLength(1);
    expect(page2.entries[0].action).toBe('registrar');
  });

  test.each([
    [{ from: '11/12/2026' }, auditMessages.invalidDate],
    [{ to: '2026-02-31' }, auditMessages.invalidDate],
    [{ page: '0' }, auditMessages.invalidPage],
    [{ limit: '500' }, auditMessages.invalidLimit],
  ])('%p is 400 with a Spanish message', async (query, message) => {
    const res = await owner.get('/v1/audit').query(query).expect(400);
    expect(res.body.error.message).toBe(message);
  });

  test('names the client of a payment and the account of a role change, never a bare id', async () => {
    const client = { idUsuario: 'audit-ana', nombre: 'Ana Gómez', edad: 30, correo: 'ana.gomez@correo.com' };
    await owner
      .post('/v1/agregarusuario')
      .send({ ...client, celular: 3815550000, plan: 2 })
      .expect(201);
    await owner
      .post('/v1/memberships/audit-ana/payments')
      .send({ months: 3, method: 'efectivo', amountCentavos: 750_000 })
      .expect(201);
    const trainer = await signedInAs(t, 'entrenador');
    await owner.put(`/v1/users/${trainer.id}/role`).send({ role: 'recepcion' }).expect(200);

    const entries = (await owner.get('/v1/audit')).body.entries;
    const pay = entries.find((e: { action: string }) => e.action === 'registrar_pago');
    expect(pay).toEqual(
      expect.objectContaining({
        entityId: 'audit-ana',
        subject: { name: 'Ana Gómez', email: 'ana.gomez@correo.com' },
        after: expect.objectContaining({ amount: 750000, months: 3, method: 'efectivo' }),
      }),
    );
    const role = entries.find((e: { action: string }) => e.action === 'cambiar_rol');
    expect(role.subject).toEqual({ name: 'Prueba Rol', email: trainer.email });
    expect(role.actor).toEqual(expect.objectContaining({ email: TEST_ADMIN.email, name: expect.any(String) }));
  });

  test('only the owner reads it', async () => {
    const { agent } = await signedInAs(t, 'recepcion');
    const res = await agent.get('/v1/audit').expect(403);
    expect(res.body.error.message).toBe(roleMessages.forbidden);
  });
});
