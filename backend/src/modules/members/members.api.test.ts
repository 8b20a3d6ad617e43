import request from 'supertest';
import { memberMessages as m, type MemberPortal } from '@gym/contracts/members';
import { DEV_DEFAULTS } from '../../config';
import type { OutgoingMail } from '../../shared/mailer';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { createDoorPass } from './door-pass';

const sent: OutgoingMail[] = [];
const clock = manualClock();
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createTestApp({ clock, mailer: { send: async (mail) => void sent.push(mail) } });
  staff = await t.staffAgent();
});
afterAll(() => t.close());
beforeEach(() => {
  sent.length = 0;
});

/** The token of the last link mailed to `address`, read from the mail's text as the member would click it. */
async function linkMailedTo(address: string): Promise<string> {
  for (let i = 0; i < 50 && !sent.some((mail) => mail.to.address === address); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const mail = sent.filter((x) => x.to.address === address).at(-1);
  const token = /\/socio\/entrar#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${address}`);
  return token;
}

/** A member signed in through a link staff sent by e-mail. */
async function signedInMember(idUsuario: string, email: string) {
  await staff.post(`/v1/clients/${idUsuario}/member-access`).send({ channel: 'email' }).expect(200);
  const member = request.agent(t.app);
  await member
    .post('/v1/socio/enlace')
    .send({ token: await linkMailedTo(email) })
    .expect(200);
  return member;
}

describe('the members’ door: a link, a session of their own, their own rows', () => {
  test('staff send the link by e-mail; it opens the portal once, with the member’s plan, state and contact', async () => {
    await staff.post('/v1/clients/demo-001/member-access').send({ channel: 'email' }).expect(200, {
      channel: 'email',
      whatsappUrl: null,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/^Hola Lucía: este es tu enlace/);
    const token = await linkMailedTo('lucia.fernandez@correo.com');

    const member = request.agent(t.app);
    const opened = await member.post('/v1/socio/enlace').send({ token }).expect(200);
    expect(opened.headers['set-cookie']?.[0]).toMatch(/^msid=[^;]+; Max-Age=2592000;.*HttpOnly/);
    const portal = (await member.get('/v1/socio/yo').expect(200)).body as MemberPortal;
    expect(portal).toMatchObject({
      idUsuario: 'demo-001',
      nombre: 'Lucía Fernández',
      plan: { numero: '001' },
      contact: { address: expect.any(String), hours: expect.any(String) },
    });
    expect(portal.payments.length).toBeLessThanOrEqual(12);
    // Amounts in centavos, named so: the plan's monthly fee and each payment as stored.
    const plan = await t
      .db({ c: 'clients' })
      .join({ p: 'plans' }, 'p.id_plan', 'c.plan')
      .where('c.id_usuario', 'demo-001')
      .first('p.cuota_mensual_centavos');
    expect(portal.plan?.cuotaCentavos).toBe(Number(plan.cuota_mensual_centavos));
    expect(portal.payments.length).toBeGreaterThan(0);
    for (const p of portal.payments) {
      const row = await t.db('membership_payments').where({ id: p.id }).first('amount_centavos');
      expect([p.id, p.amountCentavos]).toEqual([p.id, Number(row.amount_centavos)]);
    }

    const again = await request(t.app).post('/v1/socio/enlace').send({ token }).expect(400);
    expect(again.body.error.message).toBe(m.linkInvalid);
  });

  test('a link past its 15 minutes opens nothing', async () => {
    await staff.post('/v1/clients/demo-004/member-access').send({ channel: 'email' }).expect(200);
    const token = await linkMailedTo('mateo.diaz@correo.com');
    clock.advanceMinutes(16);
    const res = await request(t.app).post('/v1/socio/enlace').send({ token }).expect(400);
    expect(res.body.error.message).toBe(m.linkInvalid);
  });

  test('by WhatsApp the link comes back ready to open, and nothing is mailed', async () => {
    const res = await staff.post('/v1/clients/demo-004/member-access').send({ channel: 'whatsapp' }).expect(200);
    expect(res.body.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5493815123404\?text=Hola%20Mateo/);
    expect(sent).toHaveLength(0);
  });

  test('asking by e-mail answers the same for a client and for a stranger, and mails only the client', async () => {
    const client = await request(t.app).post('/v1/socio/ingresar').send({ email: 'Mateo.Diaz@correo.com' }).expect(200);
    const stranger = await request(t.app).post('/v1/socio/ingresar').send({ email: 'nadie@correo.com' }).expect(200);
    expect(client.body).toEqual({ message: m.requestSent });
    expect(stranger.body).toEqual(client.body);
    await linkMailedTo('mateo.diaz@correo.com');
    expect(sent.map((mail) => mail.to.address)).toEqual(['mateo.diaz@correo.com']);
  });

  test('of six requests for the same e-mail sent together, three are answered and three refused in Spanish', async () => {
    const ask = () => request(t.app).post('/v1/socio/ingresar').send({ email: 'sofia.ruiz@correo.com' });
    const answers = await Promise.all(Array.from({ length: 6 }, ask));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(answers.find((a) => a.status === 429)!.body.error.message).toBe(m.tooMany);
  });

  test('a member session opens no staff route, and a staff session no member route', async () => {
    const member = await signedInMember('demo-001', 'lucia.fernandez@correo.com');
    await member.get('/v1/obtenerlistadeusuarios').expect(401);
    await member.get('/v1/memberships/demo-004').expect(401);
    const res = await staff.get('/v1/socio/yo').expect(401);
    expect(res.body.error.message).toBe(m.sessionRequired);
  });

  test('each member sees only their own rows: the session decides, never an id in the request', async () => {
    const lucia = await signedInMember('demo-001', 'lucia.fernandez@correo.com');
    const mateo = await signedInMember('demo-004', 'mateo.diaz@correo.com');
    expect((await lucia.get('/v1/socio/yo?idUsuario=demo-004').expect(200)).body.idUsuario).toBe('demo-001');
    expect((await mateo.get('/v1/socio/yo').expect(200)).body.idUsuario).toBe('demo-004');
  });

  test('Salir ends the session and is audited with the member as actor', async () => {
    const member = await signedInMember('demo-001', 'lucia.fernandez@correo.com');
    await member.post('/v1/socio/salir').expect(200, { message: m.signedOut });
    await member.get('/v1/socio/yo').expect(401);
    const row = await t.db('audit_log').where({ entity: 'socio', action: 'salir' }).orderBy('id', 'desc').first();
    expect(row).toMatchObject({ entity_id: 'demo-001', actor_member: 'demo-001', actor_id: null, actor_email: null });
  });

  test('staff end every session of a member, and the trail says who did', async () => {
    const member = await signedInMember('demo-004', 'mateo.diaz@correo.com');
    const res = await staff.delete('/v1/clients/demo-004/member-sessions').expect(200);
    expect(res.body.message).toMatch(/^Cerramos (la sesión abierta|las \d+ sesiones abiertas) del socio$/);
    await member.get('/v1/socio/yo').expect(401);
    const row = await t
      .db('audit_log')
      .where({ entity: 'socio', action: 'cerrar_sesiones' })
      .orderBy('id', 'desc')
      .first();
    expect(row).toMatchObject({ entity_id: 'demo-004', actor_email: expect.stringContaining('@') });
  });

  test('the door QR: each member gets a pass of their own, signed with the server secret, never cached', async () => {
    const door = createDoorPass(DEV_DEFAULTS.memberQrSecret, clock);
    const lucia = await signedInMember('demo-001', 'lucia.fernandez@correo.com');
    const mateo = await signedInMember('demo-004', 'mateo.diaz@correo.com');

    const res = await lucia.get('/v1/socio/qr?idUsuario=demo-004').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ token: expect.any(String), emitido: expect.any(String), renovar: expect.any(String) });
    expect(door.read(res.body.token)).toEqual({ ok: true, idUsuario: 'demo-001' });
    const mateoPass = (await mateo.get('/v1/socio/qr').expect(200)).body;
    expect(door.read(mateoPass.token)).toEqual({ ok: true, idUsuario: 'demo-004' });

    clock.advanceMinutes(10);
    const next = (await lucia.get('/v1/socio/qr').expect(200)).body;
    expect(next.token).not.toBe(res.body.token);
    expect(door.read(res.body.token)).toEqual({ ok: false, reason: 'vencido' });
    await staff.get('/v1/socio/qr').expect(401);
  });
});
