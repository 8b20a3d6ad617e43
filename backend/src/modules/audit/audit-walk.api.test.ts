import request from 'supertest';
import sharp from 'sharp';
import { can, roleMessages } from '@gym/contracts/roles';
import { eventually, TEST_ADMIN, TEST_STAFF_CODE } from '../../test/test-app';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';
import { routeTable } from '../../test/route-table';
import { eligibleClients } from '../../test/member-agent';
import { signedInAs, STAFF_PASSWORD } from '../../test/role-agents';
import { ZERO_UUID } from '../../http/__security__/routes';
import { MEMBER_ROUTES, ROUTE_PERMISSIONS, UNAUDITED_WRITES } from '../../api-routes';
import { routeKey } from '../../http/route-permissions';

type Agent = ReturnType<typeof request.agent>;
interface Fixture {
  path: string;
  body?: object;
  /** Who sends it; the owner (the seeded ADMIN_EMAIL account) unless named. */
  as?: Agent | 'visitor';
  email?: string;
}

let t: PaymentsTestApp;
let owner: Agent;
let trainer: Agent;
beforeAll(async () => {
  // With the fake Mercado Pago: the refund route needs an order the provider has seen paid.
  // With WhatsApp set up (nothing is sent: no job runs): the win-back message is queued and audited.
  t = await createPaymentsTestApp({
    mailer: { send: async () => undefined },
    env: {
      WHATSAPP_TOKEN: 'token-de-prueba',
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      WHATSAPP_APP_SECRET: 'secreto-de-prueba',
      WHATSAPP_VERIFY_TOKEN: 'verificacion-de-prueba',
    },
  });
  owner = await t.staffAgent();
  trainer = (await signedInAs(t, 'entrenador')).agent;
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}-${Date.now() % 1_000_000}`;
const auditCount = async () => Number((await t.db('audit_log').count({ c: '*' }).first())?.c);
const product = {
  nombre: 'Banda elástica',
  categoria: ['accesorios'],
  precio: 2500,
  imagen: '/img/productos/botella-termica.svg',
  descripcion: 'Para auditar',
  portada: false,
  talle: [],
  color: ['rojo'],
  stock: 4,
};
const client = () => ({
  idUsuario: unique('u'),
  nombre: 'Ana Paz',
  edad: 30,
  correo: 'ana.paz@correo.com',
  celular: 3815550000,
  plan: 2,
});
const freePlanNumber = async () => {
  const taken = new Set((await t.db('plans').select('id_plan')).map((r: { id_plan: number }) => r.id_plan));
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].find((id) => !taken.has(id))!;
};
const plan = async () => ({
  idPlan: await freePlanNumber(),
  nombrePlan: 'Funcional',
  description: 'Grupo',
  precio: 1800,
  cuotaMensualCentavos: 2_800_000,
  codigoPlan: unique('p'),
});
const newProductId = async () => (await owner.post('/v1/products').send(product).expect(201)).body.product._id;
const newClientId = async () => (await owner.post('/v1/agregarusuario').send(client()).expect(201)).body.idUsuario;
const newPlanCode = async () =>
  (
    await owner
      .post('/v1/agregarplan')
      .send(await plan())
      .expect(201)
  ).body.codigoPlan;
const someone = async () => signedInAs(t, 'recepcion');
const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 234, g: 88, b: 12 } } })
    .png()
    .toBuffer();
const newOrderNumber = async (pago = 'efectivo') => {
  const producto = await newProductId();
  const comprador = { nombre: 'Ana', apellido: 'Paz', email: 'ana.paz@correo.com', celular: '3815550000' };
  const lineas = [{ producto, color: 'rojo', cantidad: 1 }];
  const res = await request(t.app).post('/v1/orders').send({ comprador, pago, lineas }).expect(201);
  return { numero: res.body.order.numero as string, token: res.body.order.token as string };
};
/** An order paid with Mercado Pago: checked out, approved at the (fake) provider, applied by its notification. */
const paidOnline = async () => {
  const { numero, token } = await newOrderNumber('mercadopago');
  const checkout = await request(t.app).post(`/v1/pagos/mercadopago/pedidos/${numero}`).send({ t: token }).expect(201);
  await t.pay(checkout.body.checkoutUrl, 'approved');
  const estado = () => t.db('orders').where({ numero }).first('estado');
  await eventually(estado, (o) => o.estado === 'pagado');
  return numero;
};
const paidClient = async () => {
  const id = await newClientId();
  const paid = await owner.post(`/v1/memberships/${id}/payments`).send({ method: 'efectivo', months: 1 }).expect(201);
  return { id, paymentId: paid.body.payment.id as string };
};
/** An invoice ARCA rejected (the invoices' own tests reach one through the fake ARCA). */
const rejectedInvoice = async () => {
  const [row] = await t
    .db('invoices')
    .insert({
      kind: 'factura_c',
      cbte_tipo: 11,
      pto_vta: 1,
      state: 'rechazada',
      detalle: 'Pedido de prueba',
      doc_tipo: 99,
      doc_nro: '0',
      condicion_iva_receptor: 5,
      concepto: 1,
      total_centavos: 100_000,
      arca_errors: JSON.stringify([{ code: 10246, msg: 'Condicion Frente al IVA no permitida' }]),
      created_at: new Date(),
    })
    .returning('id');
  return row.id as string;
};
/** A member's transfer receipt waiting for the desk (the portal's upload, written as it stores one). */
const memberUpload = async () => {
  const [row] = await t
    .db('transfer_uploads')
    .insert({
      id_usuario: await newClientId(),
      content_type: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n%%EOF'),
      amount_centavos: 2_500_000,
      months: 1,
      created_at: new Date(),
    })
    .returning('id');
  return (row as { id: string }).id;
};
/** A class a day or more ahead, and an eligible client booked into it. */
const futureSession = async () => {
  const later = Date.now() + 30 * 3_600_000;
  const { sesiones } = (await owner.get('/v1/clases/sesiones?dias=8').expect(200)).body as {
    sesiones: { id: string; startsAt: string; discipline: string; status: string }[];
  };
  return sesiones.find((s) => s.discipline === 'boxeo' && s.status === 'programada' && Date.parse(s.startsAt) > later)!
    .id;
};
const bookedClass = async () => {
  const [idUsuario] = await eligibleClients(t, unique('b'), 1, 1);
  const session = await futureSession();
  const res = await owner.post(`/v1/clases/sesiones/${session}/reservas`).send({ idUsuario }).expect(201);
  return res.body.id as string;
};
/** A booking of a class that already took place (written as the API stores one). */
const pastBooking = async () => {
  const [idUsuario] = await eligibleClients(t, unique('a'), 1, 1);
  const [session] = await t
    .db('class_sessions')
    .insert({
      slot_id: 1,
      day: daysAgo(1 + (n % 300)),
      starts_at: new Date(Date.now() - (1 + (n % 300)) * 86_400_000),
      ends_at: new Date(Date.now() - (1 + (n % 300)) * 86_400_000 + 7_200_000),
      capacity: 20,
    })
    .returning('id');
  const [booking] = await t
    .db('class_bookings')
    .insert({
      session_id: (session as { id: string }).id,
      id_usuario: idUsuario,
      status: 'reservada',
      booked_by: 'recepcion',
      created_at: new Date(),
    })
    .returning('id');
  return (booking as { id: string }).id;
};
/** A client blocked from booking: three booked classes of the last days missed (NO_SHOWS_BLOQUEO). */
const blockedClient = async () => {
  const [idUsuario] = await eligibleClients(t, unique('nb'), 1, 1);
  for (const daysBack of [1, 2, 3]) {
    const startsAt = new Date(Date.now() - daysBack * 86_400_000);
    // The seed's slot 1 may have that day's session already: the booking goes to whichever is there.
    await t
      .db('class_sessions')
      .insert({
        slot_id: 1,
        day: daysAgo(daysBack),
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 7_200_000),
        capacity: 20,
      })
      .onConflict(['slot_id', 'day'])
      .ignore();
    const session = await t
      .db('class_sessions')
      .where({ slot_id: 1, day: daysAgo(daysBack) })
      .first('id');
    await t.db('class_bookings').insert({
      session_id: (session as { id: string }).id,
      id_usuario: idUsuario,
      status: 'ausente',
      booked_by: 'socio',
      created_at: startsAt,
    });
  }
  return idUsuario!;
};
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** A price change of plan 1, far enough away that its members are not told yet (editable, cancellable). */
const priceChangeBody = () => ({ fecha: daysAgo(-40 - (++n % 300)), tipo: 'porcentaje', valor: 10, planes: [1] });
const newPriceChange = async () =>
  (await owner.post('/v1/precios/cambios').send(priceChangeBody()).expect(201)).body as { id: string; fecha: string };

/** A request that succeeds, for every state-changing route. A new route needs its line here. */
const FIXTURES: Record<string, () => Promise<Fixture>> = {
  'POST /v1/users': async () => {
    const email = `${unique('alta')}@gym.com`;
    return {
      path: '/v1/users',
      as: 'visitor',
      email,
      body: { name: 'Nueva', lastname: 'Cuenta', email, password: STAFF_PASSWORD, code: TEST_STAFF_CODE },
    };
  },
  'POST /v1/products': async () => ({ path: '/v1/products', body: product }),
  'PUT /v1/product/:id': async () => ({ path: `/v1/product/${await newProductId()}`, body: { ...product, stock: 9 } }),
  'DELETE /v1/product/:id': async () => ({ path: `/v1/product/${await newProductId()}` }),
  'POST /v1/agregarusuario': async () => ({ path: '/v1/agregarusuario', body: client() }),
  'POST /v1/actualizarusuario': async () => ({
    path: '/v1/actualizarusuario',
    body: { ...client(), idUsuario: await newClientId(), edad: 44 },
  }),
  'POST /v1/borrarusuario': async () => ({ path: '/v1/borrarusuario', body: { idUsuario: await newClientId() } }),
  'POST /v1/clients/:idUsuario/restore': async () => {
    const { id } = await paidClient();
    await owner.post('/v1/borrarusuario').send({ idUsuario: id }).expect(200);
    return { path: `/v1/clients/${id}/restore` };
  },
  'POST /v1/agregarplan': async () => ({ path: '/v1/agregarplan', body: await plan() }),
  'POST /v1/actualizarplan': async () => {
    const codigoPlan = await newPlanCode();
    const current = (await owner.post('/v1/obtenerdataplan').send({ codigoPlan }).expect(200)).body[0];
    return { path: '/v1/actualizarplan', body: { ...current, precio: 2000, updatedAt: undefined } };
  },
  'POST /v1/borrarPlan': async () => ({ path: '/v1/borrarPlan', body: { codigoPlan: await newPlanCode() } }),
  'PUT /v1/turnos/:idUsuario': async () => ({
    path: `/v1/turnos/${await newClientId()}`,
    body: { turno: 'Noche', entrenador: 'Diego Sosa' },
  }),
  'POST /v1/messages': async () => ({
    path: '/v1/messages',
    body: { user_name: 'Ana Paz', user_email: 'ana.paz.audit@correo.com', user_message: 'Hola Ana, auditoría' },
  }),
  'POST /v1/images': async () => ({ path: '/v1/images', body: await png() }),
  'POST /v1/orders/:numero/estado': async () => ({
    path: `/v1/orders/${(await newOrderNumber()).numero}/estado`,
    body: { estado: 'pagado' },
  }),
  'POST /v1/caja/cierres': async () => ({
    path: '/v1/caja/cierres',
    body: { contadoCentavos: 0, nota: 'Sin efectivo' },
  }),
  'POST /v1/pagos/mercadopago/pedidos/:numero/reembolso': async () => ({
    path: `/v1/pagos/mercadopago/pedidos/${await paidOnline()}/reembolso`,
  }),
  'POST /v1/consumo/arrepentimientos/:numero/devolucion': async () => {
    const { numero } = await newOrderNumber();
    await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
    await request(t.app).post('/v1/consumo/arrepentimiento').send({ numero, email: 'ana.paz@correo.com' }).expect(201);
    return { path: `/v1/consumo/arrepentimientos/${numero}/devolucion` };
  },
  'POST /v1/facturas/:id/reintentar': async () => ({ path: `/v1/facturas/${await rejectedInvoice()}/reintentar` }),
  'POST /v1/precios/cambios': async () => ({ path: '/v1/precios/cambios', body: priceChangeBody() }),
  'PUT /v1/precios/cambios/:id': async () => ({
    path: `/v1/precios/cambios/${(await newPriceChange()).id}`,
    body: priceChangeBody(),
  }),
  'DELETE /v1/precios/cambios/:id': async () => ({ path: `/v1/precios/cambios/${(await newPriceChange()).id}` }),
  'POST /v1/precios/cambios/:id/posponer': async () => {
    const change = await newPriceChange();
    return { path: `/v1/precios/cambios/${change.id}/posponer`, body: { fecha: daysAgo(-400 - (++n % 300)) } };
  },
  'POST /v1/memberships/:idUsuario/payments': async () => ({
    path: `/v1/memberships/${await newClientId()}/payments`,
    body: { method: 'transferencia', months: 2 },
  }),
  'POST /v1/payments/:id/void': async () => ({
    path: `/v1/payments/${(await paidClient()).paymentId}/void`,
    body: { reason: 'Cargado dos veces' },
  }),
  'POST /v1/memberships/:idUsuario/pause': async () => ({
    path: `/v1/memberships/${(await paidClient()).id}/pause`,
    body: { motivo: 'Lesión de rodilla' },
  }),
  'POST /v1/memberships/:idUsuario/resume': async () => {
    const { id } = await paidClient();
    await owner.post(`/v1/memberships/${id}/pause`).send({ motivo: 'Viaje' }).expect(200);
    return { path: `/v1/memberships/${id}/resume` };
  },
  'PUT /v1/memberships/:idUsuario/apto': async () => ({
    path: `/v1/memberships/${await newClientId()}/apto`,
    body: { fecha: daysAgo(10) },
  }),
  'PUT /v1/reminders/templates/:channel': async () => ({
    path: '/v1/reminders/templates/whatsapp',
    body: { text: 'Hola {nombre}, tu plan vence el {vence}. ¡Te esperamos!' },
  }),
  'POST /v1/reminders': async () => ({
    path: '/v1/reminders',
    body: { channel: 'whatsapp', ids: [await newClientId()] },
  }),
  'POST /v1/clients/:idUsuario/member-access': async () => ({
    path: `/v1/clients/${await newClientId()}/member-access`,
    body: { channel: 'whatsapp' },
  }),
  'DELETE /v1/clients/:idUsuario/member-sessions': async () => ({
    path: `/v1/clients/${await newClientId()}/member-sessions`,
  }),
  'POST /v1/desk/comprobantes/:id/aprobar': async () => ({
    path: `/v1/desk/comprobantes/${await memberUpload()}/aprobar`,
  }),
  'POST /v1/desk/comprobantes/:id/rechazar': async () => ({
    path: `/v1/desk/comprobantes/${await memberUpload()}/rechazar`,
    body: { motivo: 'El monto no coincide' },
  }),
  'POST /v1/payments/:id/recibo/enviar': async () => ({
    path: `/v1/payments/${(await paidClient()).paymentId}/recibo/enviar`,
    body: { channel: 'whatsapp' },
  }),
  'POST /v1/clases/sesiones/:id/reservas': async () => ({
    path: `/v1/clases/sesiones/${await futureSession()}/reservas`,
    body: { idUsuario: (await eligibleClients(t, unique('c'), 1, 1))[0] },
  }),
  'POST /v1/clientes/:idUsuario/reservas/desbloquear': async () => ({
    path: `/v1/clientes/${await blockedClient()}/reservas/desbloquear`,
  }),
  'POST /v1/socios-en-riesgo/:idUsuario/te-extranamos': async () => {
    // A member for two months who never came, and who opted in to WhatsApp.
    const [idUsuario] = await eligibleClients(t, unique('tx'), 1, 1);
    await t
      .db('memberships')
      .where({ id_usuario: idUsuario })
      .update({ start_date: daysAgo(60) });
    await owner.put(`/v1/clientes/${idUsuario}/whatsapp`).send({ acepta: true }).expect(200);
    return { path: `/v1/socios-en-riesgo/${idUsuario}/te-extranamos` };
  },
  'POST /v1/clases/sesiones/:id/suspender': async () => ({
    path: `/v1/clases/sesiones/${await futureSession()}/suspender`,
    body: { motivo: 'Feriado' },
  }),
  'POST /v1/clases/dias/:dia/suspender': async () => {
    const desde = new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10);
    const { sesiones } = (await owner.get(`/v1/clases/sesiones?desde=${desde}&dias=5`).expect(200)).body as {
      sesiones: { day: string; status: string }[];
    };
    const day = sesiones.find((s) => s.status === 'programada')!.day;
    return { path: `/v1/clases/dias/${day}/suspender`, body: { motivo: 'Feriado' } };
  },
  'POST /v1/clases/reservas/:id/cancelar': async () => ({
    path: `/v1/clases/reservas/${await bookedClass()}/cancelar`,
  }),
  'POST /v1/clases/reservas/:id/asistencia': async () => ({
    path: `/v1/clases/reservas/${await pastBooking()}/asistencia`,
    body: { asistio: true },
  }),
  'DELETE /v1/clases/reservas/:id/asistencia': async () => {
    const id = await pastBooking();
    await t.db('class_bookings').where({ id }).update({ status: 'asistio' });
    return { path: `/v1/clases/reservas/${id}/asistencia` };
  },
  'POST /v1/clases/horarios': async () => ({
    path: '/v1/clases/horarios',
    body: { discipline: 'yoga', weekday: 7, starts: '07:00', ends: '08:00', room: 'Patio', capacity: 12 },
  }),
  'PUT /v1/clases/horarios/:id': async () => ({
    path: '/v1/clases/horarios/2',
    body: { room: 'Salón de boxeo', capacity: 20, trainerId: null, active: true },
  }),
  'PUT /v1/clases/reglas': async () => ({
    path: '/v1/clases/reglas',
    body: { daysAhead: 7, freeCancelHours: 2, weeklyLimit: 3 },
  }),
  'PUT /v1/clases/planes/:idPlan': async () => ({
    path: '/v1/clases/planes/1',
    body: { disciplines: ['boxeo'], weeklyLimit: null },
  }),
  'POST /v1/clases/ingresos': async () => ({ path: '/v1/clases/ingresos', body: { dni: '30.123.401' } }),
  'PUT /v1/clases/clientes/:idUsuario/dni': async () => ({
    path: `/v1/clases/clientes/${await newClientId()}/dni`,
    body: { dni: String(20_000_000 + n) },
  }),
  'PUT /v1/clientes/:idUsuario/whatsapp': async () => ({
    path: `/v1/clientes/${await newClientId()}/whatsapp`,
    body: { acepta: true },
  }),
  'PUT /v1/users/:id/role': async () => ({
    path: `/v1/users/${(await someone()).id}/role`,
    body: { role: 'entrenador' },
  }),
  'POST /v1/users/:id/disable': async () => ({ path: `/v1/users/${(await someone()).id}/disable` }),
  'POST /v1/users/:id/enable': async () => ({ path: `/v1/users/${(await someone()).id}/enable` }),
  'POST /v1/users/:id/reset-password': async () => ({ path: `/v1/users/${(await someone()).id}/reset-password` }),
  'PUT /v1/auth/password': async () => {
    const { agent, email } = await someone();
    return {
      path: '/v1/auth/password',
      as: agent,
      email,
      body: { currentPassword: STAFF_PASSWORD, newPassword: 'Nueva2026x', confirmPassword: 'Nueva2026x' },
    };
  },
  'DELETE /v1/auth/sessions/:id': async () => {
    const { agent, email } = await someone();
    await request(t.app).post('/v1/user/login').send({ email, password: STAFF_PASSWORD }).expect(200);
    const { sessions } = (await agent.get('/v1/auth/sessions').expect(200)).body as {
      sessions: { id: string; current: boolean }[];
    };
    return { path: `/v1/auth/sessions/${sessions.find((s) => !s.current)!.id}`, as: agent, email };
  },
};

const writes = () =>
  routeTable(t.app)
    .map((r) => routeKey(r.method, r.path))
    .filter(
      // The portal's own writes have the member as actor: members.api.test.ts checks their rows.
      (key) =>
        !key.startsWith('GET ') &&
        !UNAUDITED_WRITES.has(key) &&
        !MEMBER_ROUTES.has(key) &&
        !ROUTE_PERMISSIONS[key]?.endsWith('.ver'),
    );
const send = (agent: Agent | ReturnType<typeof request>, key: string, path: string, body?: object) =>
  (agent as Agent)[key.split(' ')[0]!.toLowerCase() as 'post'](path).send(body ?? {});

describe('the audit trail over every state-changing route', () => {
  test('every state-changing route has a fixture (add one for a new route)', () => {
    expect(writes().length).toBeGreaterThanOrEqual(18);
    expect(writes().filter((key) => !FIXTURES[key])).toEqual([]);
  });

  test('each one that succeeds writes exactly one row: who, what, the request id, and no secret', async () => {
    for (const key of writes()) {
      const fixture = await FIXTURES[key]!();
      const before = await auditCount();
      const agent = fixture.as === 'visitor' ? request(t.app) : (fixture.as ?? owner);
      const res = await send(agent, key, fixture.path, fixture.body);
      expect({ key, ok: res.status < 300, body: res.body }).toEqual({ key, ok: true, body: res.body });
      expect({ key, rows: (await auditCount()) - before }).toEqual({ key, rows: 1 });
      const row = await t.db('audit_log').orderBy('id', 'desc').first();
      expect(row).toEqual(
        expect.objectContaining({
          request_id: res.headers['x-request-id'],
          actor_email: fixture.email ?? TEST_ADMIN.email,
          actor_role: expect.stringMatching(/^(dueno|recepcion|entrenador)$/),
          ip: expect.any(String),
        }),
      );
      const kept = JSON.stringify([row.before, row.after]);
      expect(kept).not.toMatch(/scrypt|Fuerza2026|Nueva2026x|Admin1234|prueba-123|password|token/i);
      if (res.body.temporaryPassword) expect(kept).not.toContain(res.body.temporaryPassword);
    }
  });

  test('a refused request writes none: bad data, an unknown record, a visitor, a role without the permission', async () => {
    const before = await auditCount();
    for (const key of writes()) {
      const path = key.split(' ')[1]!.replace(/:\w+/g, ZERO_UUID);
      expect({ key, status: (await send(owner, key, path, {})).status >= 400 }).toEqual({ key, status: true });
      const visitor = await send(request(t.app), key, path, { code: 'mal' });
      expect({ key, status: visitor.status }).toEqual({ key, status: key === 'POST /v1/users' ? 403 : 401 });
      const action = ROUTE_PERMISSIONS[key];
      if (action && !can('entrenador', action)) {
        const res = await send(trainer, key, path, {});
        expect({ key, body: res.body }).toEqual({ key, body: { error: { message: roleMessages.forbidden } } });
      }
    }
    expect(await auditCount()).toBe(before);
  });

  test('reads write none, also the ones sent as POST', async () => {
    const before = await auditCount();
    for (const route of routeTable(t.app)) {
      const key = routeKey(route.method, route.path);
      if (writes().includes(key) || UNAUDITED_WRITES.has(key)) continue;
      await send(owner, key, route.path.replace(/:\w+/g, ZERO_UUID), {});
    }
    expect(await auditCount()).toBe(before);
  });

  test('the table is append-only: an UPDATE or DELETE of a row is refused by the database', async () => {
    await expect(t.db('audit_log').update({ action: 'otra' })).rejects.toThrow(/append-only/);
    await expect(t.db('audit_log').delete()).rejects.toThrow(/append-only/);
  });
});
