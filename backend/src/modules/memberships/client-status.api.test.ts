import request from 'supertest';
import { signedInAs } from '../../test/role-agents';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/** 12/03/2027 10:00 in Tucumán (ahead of the real date, so the session cookie stays alive). */
const clock = manualClock(new Date('2027-03-12T13:00:00Z'));
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

async function client(id: string, paidUntil: string | null, extra: Record<string, unknown> = {}) {
  await staff
    .post('/v1/agregarusuario')
    .send({ idUsuario: id, nombre: 'Ana Paz', edad: 30, correo: `${id}@correo.com.ar`, celular: 3815123400, plan: 1 })
    .expect(201);
  if (paidUntil)
    await t.db('memberships').insert({ id_usuario: id, start_date: '2026-01-01', paid_until: paidUntil, ...extra });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await t.staffAgent();
  await t.db('membership_pauses').delete();
  await t.db('membership_payments').delete();
  await t.db('memberships').delete();
  await client('s-activa', '2027-04-30', { apto_fecha: '2026-06-01', apto_vence: '2027-06-01' });
  await client('s-semana', '2027-03-15', { apto_fecha: '2026-03-01', apto_vence: '2027-03-01' });
  await client('s-vencida', '2027-03-11');
  await client('s-pausa', '2027-04-01', { apto_fecha: '2026-03-12', apto_vence: '2027-03-12' });
  await t.db('membership_pauses').insert({ id_usuario: 's-pausa', motivo: 'Viaje', started_on: '2027-03-01' });
  await client('s-nueva', null);
  await client('s-archivada', '2027-04-30');
  await t.db('clients').where({ id_usuario: 's-archivada' }).update({ archived_at: clock.now() });
});
afterAll(() => t.close());

describe('GET /v1/clients/status', () => {
  test('a trainer reads each current client: membership al día/vencida/pausada/sin membresía and the apto', async () => {
    const { agent } = await signedInAs(t, 'entrenador');
    const res = await agent.get('/v1/clients/status').expect(200);
    const mine = res.body.filter((s: { idUsuario: string }) => s.idUsuario.startsWith('s-'));
    expect(mine).toEqual([
      { idUsuario: 's-activa', membresia: 'al día', aptoValido: true },
      { idUsuario: 's-nueva', membresia: 'sin membresía', aptoValido: false },
      { idUsuario: 's-pausa', membresia: 'pausada', aptoValido: true },
      { idUsuario: 's-semana', membresia: 'al día', aptoValido: false },
      { idUsuario: 's-vencida', membresia: 'vencida', aptoValido: false },
    ]);
    // Only what the column needs: no amounts, dates or contact data.
    expect(Object.keys(res.body[0]).sort()).toEqual(['aptoValido', 'idUsuario', 'membresia']);
  });

  test('a signed-out visitor gets 401', async () => {
    await request(t.app).get('/v1/clients/status').expect(401);
  });
});
