import type { ArchivedClient, Client } from '@gym/contracts/clients';
import type { DashboardFigures } from '@gym/contracts/memberships';
import { clientMessages as m } from '@gym/contracts/clients';
import { planMessages } from '@gym/contracts/plans';
import { signedInAs } from '../../test/role-agents';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let desk: Awaited<ReturnType<typeof signedInAs>>['agent'];
let owner: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.staffAgent();
  ({ agent: desk } = await signedInAs(t, 'recepcion'));
});
afterAll(() => t.close());

let n = 0;
async function newClient(plan = 1): Promise<Client> {
  const idUsuario = `arch-${++n}-${Date.now().toString(36)}`;
  const res = await desk
    .post('/v1/agregarusuario')
    .send({
      idUsuario,
      nombre: `Socio ${n}`,
      edad: 30,
      correo: `${idUsuario}@correo.com.ar`,
      celular: 3815000000,
      plan,
    })
    .expect(201);
  return res.body as Client;
}

const pay = (id: string, amountCentavos: number) =>
  desk.post(`/v1/memberships/${id}/payments`).send({ method: 'efectivo', amountCentavos, months: 1 });
const income = async () => ((await desk.get('/v1/desk/dashboard').expect(200)).body as DashboardFigures).ingresos.mes;
const listed = async () =>
  ((await desk.get('/v1/obtenerlistadeusuarios').expect(200)).body as Client[]).map((c) => c.idUsuario);
const paymentsOf = (id: string) => t.db('membership_payments').where({ id_usuario: id }).orderBy('created_at');

describe('deleting a client with payments archives it: money and history survive', () => {
  test('a client with only a check-in at the door is archived too: attendance is history', async () => {
    const client = await newClient();
    await desk
      .put(`/v1/clases/clientes/${client.idUsuario}/dni`)
      .send({ dni: `4${String(Date.now()).slice(-7)}` })
      .expect(200);
    const dni = (await t.db('clients').where({ id_usuario: client.idUsuario }).first('dni')).dni as string;
    await desk.post('/v1/clases/ingresos').send({ dni }).expect(200);

    const res = await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);

    expect(res.body).toEqual({ message: 'Usuario Eliminado Correctamente', archived: true });
    expect(await t.db('checkins').where({ id_usuario: client.idUsuario })).toHaveLength(1);
    const archived = await owner.get('/v1/clients/archived').expect(200);
    expect(JSON.stringify(archived.body)).toContain('"clases":1');
  });

  test('the payment, the month’s income and the membership stay; the client leaves every list', async () => {
    const client = await newClient();
    await pay(client.idUsuario, 77_777_700).expect(201);
    await desk.post(`/v1/memberships/${client.idUsuario}/pause`).send({ motivo: 'Viaje largo' }).expect(200);
    const incomeBefore = await income();
    const paymentsBefore = await paymentsOf(client.idUsuario);

    const res = await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);

    expect(res.body).toEqual({ message: 'Usuario Eliminado Correctamente', archived: true });
    expect(await income()).toEqual(incomeBefore);
    expect(await paymentsOf(client.idUsuario)).toEqual(paymentsBefore);
    expect(paymentsBefore).toHaveLength(1);
    expect(Number(paymentsBefore[0].amount_centavos)).toBe(77_777_700);
    expect(await t.db('memberships').where({ id_usuario: client.idUsuario })).toHaveLength(1);
    expect(await t.db('membership_pauses').where({ id_usuario: client.idUsuario })).toHaveLength(1);
    expect(await listed()).not.toContain(client.idUsuario);
    const found = await desk.post('/v1/obtenerdatausuario').send({ idUsuario: client.idUsuario }).expect(404);
    expect(found.body.error.message).toBe(m.notFound);
    const shifts = (await desk.get('/v1/turnos').expect(200)).body as { idUsuario: string }[];
    expect(shifts.map((s) => s.idUsuario)).not.toContain(client.idUsuario);
    const paused = await desk.get(`/v1/desk/memberships?estado=pausadas&q=${client.idUsuario}`).expect(200);
    expect(paused.body.total).toBe(0);
  });

  test('an archived client takes no payment, edit or second delete (404), and the trail says what was archived', async () => {
    const client = await newClient();
    await pay(client.idUsuario, 1_500_000).expect(201);
    await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);

    expect((await pay(client.idUsuario, 100_000).expect(404)).body.error.message).toBe(m.notFound);
    await desk
      .post('/v1/actualizarusuario')
      .send({ ...client, nombre: 'Otro Nombre' })
      .expect(404);
    await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(404);
    expect(await paymentsOf(client.idUsuario)).toHaveLength(1);

    const [row] = await t.db('audit_log').where({ entity: 'cliente', entity_id: client.idUsuario, action: 'archivar' });
    expect(row.before).toMatchObject({
      idUsuario: client.idUsuario,
      nombre: client.nombre,
      correo: client.correo,
      historial: { pagos: 1, totalPagadoCentavos: 1_500_000, pedidos: 0, clases: 0, enviosDelSocio: 0 },
    });
    expect(row.actor_role).toBe('recepcion');
  });

  test.each(['a Mercado Pago renewal still pending', 'a transfer receipt waiting for the desk'])(
    'a client with only %s is archived: the money they sent keeps its member',
    async (what) => {
      const client = await newClient();
      const now = new Date();
      if (what.startsWith('a Mercado Pago'))
        await t.db('online_payments').insert({
          reference: `cuota-${client.idUsuario}`,
          kind: 'cuota',
          id_usuario: client.idUsuario,
          months: 1,
          amount_centavos: 500_000,
          expires_at: new Date(now.getTime() + 3_600_000),
          created_at: now,
          updated_at: now,
        });
      else
        await t.db('transfer_uploads').insert({
          id_usuario: client.idUsuario,
          content_type: 'image/png',
          bytes: Buffer.from('png'),
          amount_centavos: 500_000,
          months: 1,
          created_at: now,
        });

      const res = await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);

      expect(res.body).toEqual({ message: 'Usuario Eliminado Correctamente', archived: true });
      const archived = (await owner.get('/v1/clients/archived').expect(200)).body.clients as ArchivedClient[];
      const row = archived.find((a) => a.client.idUsuario === client.idUsuario);
      expect(row?.history).toEqual({ pagos: 0, totalPagadoCentavos: 0, pedidos: 0, clases: 0, enviosDelSocio: 1 });
      const table = what.startsWith('a Mercado Pago') ? 'online_payments' : 'transfer_uploads';
      expect(await t.db(table).where({ id_usuario: client.idUsuario })).toHaveLength(1);
    },
  );

  test('a client whose e-mail bought in the shop is archived too', async () => {
    const client = await newClient();
    await t.db('orders').insert({
      token: 'x'.repeat(43),
      comprador_nombre: 'Socio',
      comprador_apellido: 'Comprador',
      comprador_email: client.correo.toUpperCase(),
      comprador_celular: '3815000000',
      pago: 'efectivo',
      total_centavos: 10_000,
    });
    const res = await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);
    expect(res.body.archived).toBe(true);
    expect(await t.db('clients').where({ id_usuario: client.idUsuario }).whereNotNull('archived_at')).toHaveLength(1);
  });

  test('the database itself refuses to delete a client that has payments', async () => {
    const client = await newClient();
    await pay(client.idUsuario, 500_000).expect(201);
    const refused = await t
      .db('clients')
      .where({ id_usuario: client.idUsuario })
      .delete()
      .catch((err: { code: string }) => err);
    // foreign_key_violation (PostgreSQL 15) or restrict_violation (PGlite's PostgreSQL 17)
    expect(['23503', '23001']).toContain((refused as { code?: string }).code);
    expect(await paymentsOf(client.idUsuario)).toHaveLength(1);
  });
});

describe('a client with no history is deleted as the spec says', () => {
  test('the row is gone, with its apto físico, and the trail keeps a "borrar"', async () => {
    const client = await newClient();
    await desk.put(`/v1/memberships/${client.idUsuario}/apto`).send({ fecha: '2026-01-10' }).expect(200);
    // A pause and a reminder (the memberships module's rows) go too, through its forgetMembership.
    const { idUsuario } = client;
    await t
      .db('membership_pauses')
      .insert({ id_usuario: idUsuario, motivo: 'viaje', started_on: new Date('2026-01-12') });
    await t.db('reminders').insert({ id_usuario: idUsuario, channel: 'whatsapp', text: 'Hola', status: 'enviado' });
    const res = await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);
    expect(res.body).toEqual({ message: 'Usuario Eliminado Correctamente', archived: false });
    expect(await t.db('clients').where({ id_usuario: client.idUsuario })).toHaveLength(0);
    for (const table of ['memberships', 'membership_pauses', 'reminders'])
      expect([table, await t.db(table).where({ id_usuario: idUsuario })]).toEqual([table, []]);
    expect(await t.db('audit_log').where({ entity_id: client.idUsuario, action: 'borrar' })).toHaveLength(1);
  });
});

describe('the owner’s archive', () => {
  test('lists archived clients with their history and restores one with its payments', async () => {
    const client = await newClient();
    await pay(client.idUsuario, 750_000).expect(201);
    await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);

    const archive = (await owner.get('/v1/clients/archived').expect(200)).body.clients as ArchivedClient[];
    const entry = archive.find((a) => a.client.idUsuario === client.idUsuario);
    expect(entry).toMatchObject({
      client: { nombre: client.nombre, correo: client.correo },
      archivedBy: expect.stringMatching(/^recepcion-/),
      history: { pagos: 1, totalPagadoCentavos: 750_000, pedidos: 0, clases: 0, enviosDelSocio: 0 },
    });

    await desk.get('/v1/clients/archived').expect(403);
    await desk.post(`/v1/clients/${client.idUsuario}/restore`).expect(403);
    const restored = await owner.post(`/v1/clients/${client.idUsuario}/restore`).expect(200);
    expect(restored.body).toMatchObject({ idUsuario: client.idUsuario, nombre: client.nombre });
    expect(await listed()).toContain(client.idUsuario);
    const detail = await desk.get(`/v1/memberships/${client.idUsuario}`).expect(200);
    expect(detail.body.payments).toHaveLength(1);
    expect(await t.db('audit_log').where({ entity_id: client.idUsuario, action: 'restaurar' })).toHaveLength(1);

    const again = await owner.post(`/v1/clients/${client.idUsuario}/restore`).expect(404);
    expect(again.body.error.message).toBe(m.notArchived);
  });

  test('a plan only archived clients hold cannot be deleted, and says why', async () => {
    const plan = (
      await owner
        .post('/v1/agregarplan')
        .send({
          codigoPlan: `pl-arch-${Date.now()}`,
          idPlan: 9,
          nombrePlan: 'Plan de archivo',
          description: 'Para probar',
          cuotaMensualCentavos: 2_000_000,
          precio: 1000,
        })
        .expect(201)
    ).body as { codigoPlan: string };
    const client = await newClient(9);
    await pay(client.idUsuario, 10_000).expect(201);
    await desk.post('/v1/borrarusuario').send({ idUsuario: client.idUsuario }).expect(200);
    const res = await owner.post('/v1/borrarPlan').send({ codigoPlan: plan.codigoPlan }).expect(409);
    expect(res.body.error.message).toBe(planMessages.inUseArchived);
  });
});

describe('a payment and a delete at the same moment', () => {
  test('never leave a payment without its client, nor a payment on a deleted one', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => newClient()));
    const outcomes = await Promise.all(
      clients.map(async (c) => {
        const [paid, deleted] = await Promise.all([
          pay(c.idUsuario, 200_000),
          desk.post('/v1/borrarusuario').send({ idUsuario: c.idUsuario }),
        ]);
        return { c, paid: paid.status, deleted: deleted.status, archived: deleted.body.archived as boolean };
      }),
    );
    for (const { c, paid, deleted, archived } of outcomes) {
      expect(deleted).toBe(200);
      expect([201, 404]).toContain(paid);
      const rows = await t.db('clients').where({ id_usuario: c.idUsuario });
      const payments = await paymentsOf(c.idUsuario);
      // Either the payment came first (kept, client archived) or the delete did (no payment taken).
      expect({ paid, archived, rows: rows.length, payments: payments.length }).toEqual(
        paid === 201 ? { paid, archived: true, rows: 1, payments: 1 } : { paid, archived: false, rows: 0, payments: 0 },
      );
    }
  });
});
