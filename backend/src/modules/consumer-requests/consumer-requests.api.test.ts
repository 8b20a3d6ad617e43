import request from 'supertest';
import { consumerMessages as m, arrepentimientoOutcomeText } from '@gym/contracts/consumer-requests';
import type { OutgoingMail } from '../../shared/mailer';
import { eventually } from '../../test/test-app';
import { createPaymentsTestApp, type PaymentsTestApp } from '../../test/payments-app';

const sent: OutgoingMail[] = [];
let t: PaymentsTestApp;
let owner: Awaited<ReturnType<PaymentsTestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createPaymentsTestApp({
    mailer: { send: async (mail) => void sent.push(mail) },
    env: { ORDER_MAX_PER_ADDRESS: '1000', ORDER_MAX_UNPAID_UNITS: 'off' },
  });
  owner = await t.staffAgent();
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}${Date.now() % 100_000}`;
/** Each test from its own address: the throttle counts per address and has its own test. */
const from = () => `10.45.${n % 250}.${++n % 250}`;
/** The mails to `address` once one (with a subject starting `subject`, when given) has gone out. */
const mailTo = (address: string, subject = '') =>
  eventually(
    async () => sent.filter((mail) => mail.to.address === address),
    (mails) => mails.some((mail) => mail.subject.startsWith(subject)),
  );

const baja = (body: object, address = from()) =>
  request(t.app).post('/v1/consumo/baja').set('X-Forwarded-For', address).send(body);
const arrepentimiento = (body: object, address = from()) =>
  request(t.app).post('/v1/consumo/arrepentimiento').set('X-Forwarded-For', address).send(body);

/** A client with a month paid at the desk: their paid-until, a month ahead. */
async function paidMember(over: { dni?: string } = {}) {
  const idUsuario = unique('socio');
  const correo = `${idUsuario}@correo.com`;
  await owner
    .post('/v1/agregarusuario')
    .send({ idUsuario, nombre: 'Marta Luna', edad: 35, correo, celular: 3815550000, plan: 2 })
    .expect(201);
  await owner.post(`/v1/memberships/${idUsuario}/payments`).send({ method: 'efectivo', months: 1 }).expect(201);
  if (over.dni) await owner.put(`/v1/clases/clientes/${idUsuario}/dni`).send({ dni: over.dni }).expect(200);
  const { paid_until } = await t.db('memberships').where({ id_usuario: idUsuario }).first(t.db.raw('paid_until::text'));
  return { idUsuario, correo, paidUntil: paid_until as string };
}

const bajaRow = (codigo: string) =>
  t.db('consumer_bajas').where({ codigo }).first(t.db.raw('*, efectiva_desde::text AS efectiva_desde'));
const auditOf = (entity: string, entityId: string) => t.db('audit_log').where({ entity, entity_id: entityId });

describe('Botón de baja', () => {
  test('a member asks by e-mail: a code at once, by mail too, the request and its audit row stored, the membership ends at its paid-until', async () => {
    const { idUsuario, correo, paidUntil } = await paidMember();
    const res = await baja(
      { nombre: 'Marta Luna', contacto: correo.toUpperCase(), que: ['membresia', 'debito'], motivo: 'Me mudo' },
      '10.99.0.1',
    )
      .set('User-Agent', 'Navegador de prueba')
      .expect(201);
    expect(res.body).toEqual({ codigo: expect.stringMatching(/^BAJA-[A-Z2-9]{4}-[A-Z2-9]{4}$/), message: m.bajaDone });
    const { codigo } = res.body as { codigo: string };

    const [mail] = await mailTo(correo);
    expect(mail?.subject).toBe(`Botón de baja: tu código es ${codigo}`);
    expect(mail?.text).toContain(`Código de baja: ${codigo}`);

    expect(await bajaRow(codigo)).toMatchObject({
      nombre: 'Marta Luna',
      contacto: correo,
      membresia: true,
      debito: true,
      motivo: 'Me mudo',
      id_usuario: idUsuario,
      efectiva_desde: paidUntil,
      ip: '10.99.0.1',
      user_agent: 'Navegador de prueba',
    });
    const audit = await auditOf('baja', codigo);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'pedir', actor_email: null, ip: '10.99.0.1' });

    const list = await owner.get('/v1/consumo/bajas').expect(200);
    expect(list.body.bajas[0]).toMatchObject({
      codigo,
      idUsuario,
      efectivaDesde: paidUntil,
      que: ['membresia', 'debito'],
    });
  });

  test('a member asks by DNI: the code goes to their e-mail', async () => {
    const dni = String(31_000_000 + (Date.now() % 1_000_000));
    const { idUsuario, correo } = await paidMember({ dni });
    const res = await baja({
      nombre: 'Marta Luna',
      contacto: `${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5)}`,
      que: ['membresia'],
    }).expect(201);
    expect((await mailTo(correo))[0]?.text).toContain(res.body.codigo);
    expect(await bajaRow(res.body.codigo)).toMatchObject({ id_usuario: idUsuario, contacto: dni, debito: false });
  });

  test('nobody matches: the same answer, a code, and the request logged', async () => {
    const res = await baja({ nombre: 'Nadie Nadie', contacto: 'nadie.aca@correo.com', que: ['debito'] }).expect(201);
    expect(res.body).toEqual({ codigo: expect.stringMatching(/^BAJA-/), message: m.bajaDone });
    expect(await bajaRow(res.body.codigo)).toMatchObject({ id_usuario: null, efectiva_desde: null, debito: true });
    expect(await auditOf('baja', res.body.codigo)).toHaveLength(1);
    expect((await mailTo('nadie.aca@correo.com'))[0]?.text).toContain(res.body.codigo);
  });

  test('an archived member still gets a code', async () => {
    const { idUsuario, correo } = await paidMember();
    await owner.post('/v1/borrarusuario').send({ idUsuario }).expect(200);
    const res = await baja({ nombre: 'Marta Luna', contacto: correo, que: ['membresia'] }).expect(201);
    expect(res.body.message).toBe(m.bajaDone);
    expect(await bajaRow(res.body.codigo)).toMatchObject({ id_usuario: idUsuario });
  });

  test('bad input: a Spanish error per field, nothing stored', async () => {
    const before = await t.db('consumer_bajas').count({ c: '*' }).first();
    const res = await baja({ nombre: 'A', contacto: '123', que: [] }).expect(400);
    expect(res.body.error.fields).toEqual({
      nombre: m.nombreLength,
      contacto: m.contactoInvalid,
      que: m.queRequired,
    });
    expect(await t.db('consumer_bajas').count({ c: '*' }).first()).toEqual(before);
  });

  test('more than 5 from one address in 10 minutes: 429 in Spanish', async () => {
    const address = '10.98.7.6';
    for (let i = 0; i < 5; i++)
      await baja({ nombre: 'Otra Persona', contacto: 'otra.persona@correo.com', que: ['membresia'] }, address).expect(
        201,
      );
    const res = await baja(
      { nombre: 'Otra Persona', contacto: 'otra.persona@correo.com', que: ['membresia'] },
      address,
    );
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { message: m.tooMany } });
  });

  test('staff cannot delete a request: there is no route, and the database refuses', async () => {
    const res = await baja({ nombre: 'Marta Luna', contacto: 'marta.borrar@correo.com', que: ['membresia'] }).expect(
      201,
    );
    expect((await owner.delete(`/v1/consumo/bajas/${res.body.codigo}`)).status).toBe(404);
    await expect(t.db('consumer_bajas').where({ codigo: res.body.codigo }).delete()).rejects.toThrow(/never deleted/);
  });
});

describe('Botón de arrepentimiento', () => {
  async function anOrder(pago: 'efectivo' | 'transferencia' | 'mercadopago') {
    const product = {
      nombre: unique('Botella '),
      categoria: ['accesorios'],
      precio: 2500,
      imagen: '/img/productos/botella-termica.svg',
      descripcion: 'Para arrepentirse',
      portada: false,
      talle: [],
      color: ['rojo'],
      stock: 4,
    };
    const producto = (await owner.post('/v1/products').send(product).expect(201)).body.product._id as string;
    const email = `${unique('comprador')}@correo.com`;
    const comprador = { nombre: 'Ana', apellido: 'Paz', email, celular: '3815550000' };
    const lineas = [{ producto, color: 'rojo', cantidad: 2 }];
    const res = await request(t.app).post('/v1/orders').send({ comprador, pago, lineas }).expect(201);
    const stock = async () =>
      Number((await t.db('product_variants').where({ product_id: producto }).first('stock')).stock);
    return { numero: res.body.order.numero as string, token: res.body.order.token as string, email, stock };
  }
  const estado = async (numero: string) => (await t.db('orders').where({ numero }).first('estado')).estado;

  test('an unpaid order, within 10 days: cancelled, its stock back, a code by mail', async () => {
    const { numero, email, stock } = await anOrder('efectivo');
    expect(await stock()).toBe(2);
    const res = await arrepentimiento({ numero, email: email.toUpperCase() }).expect(201);
    expect(res.body).toEqual({
      codigo: expect.stringMatching(/^ARR-/),
      message: `${m.arrepentimientoDone} ${arrepentimientoOutcomeText.cancelado}`,
    });
    expect(await estado(numero)).toBe('cancelado');
    expect(await stock()).toBe(4);
    expect(
      (await mailTo(email, 'Botón de arrepentimiento')).find((mail) =>
        mail.subject.startsWith('Botón de arrepentimiento'),
      )?.text,
    ).toContain(res.body.codigo);
    expect(await t.db('consumer_arrepentimientos').where({ numero }).first()).toMatchObject({
      codigo: res.body.codigo,
      outcome: 'cancelado',
    });
    expect(await auditOf('arrepentimiento', res.body.codigo)).toHaveLength(1);
  });

  test('a paid Mercado Pago order, from its page: refunded on the provider, cancelled, its stock back', async () => {
    const { numero, token, stock } = await anOrder('mercadopago');
    const checkout = await request(t.app)
      .post(`/v1/pagos/mercadopago/pedidos/${numero}`)
      .send({ t: token })
      .expect(201);
    await t.pay(checkout.body.checkoutUrl, 'approved');
    await eventually(
      () => estado(numero),
      (e) => e === 'pagado',
    );
    const res = await arrepentimiento({ numero, t: token }).expect(201);
    expect(res.body.message).toBe(`${m.arrepentimientoDone} ${arrepentimientoOutcomeText.reembolsado}`);
    expect(await estado(numero)).toBe('cancelado');
    expect(await stock()).toBe(4);
    const payment = await t
      .db('online_payments')
      .where({ reference: `pedido-${numero}` })
      .first('status');
    expect(payment.status).toBe('reembolsado');
    expect(await t.db('consumer_arrepentimientos').where({ numero }).first('outcome')).toEqual({
      outcome: 'reembolsado',
    });
  });

  test('a paid cash order: marked for refund at the desk; the stock comes back when the desk settles it', async () => {
    const { numero, email, stock } = await anOrder('efectivo');
    await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'pagado' }).expect(200);
    await owner.post(`/v1/orders/${numero}/estado`).send({ estado: 'entregado' }).expect(200);
    const res = await arrepentimiento({ numero, email }).expect(201);
    expect(res.body.message).toBe(`${m.arrepentimientoDone} ${arrepentimientoOutcomeText['reembolso-pendiente']}`);
    expect(await estado(numero)).toBe('entregado');
    expect(await stock()).toBe(2);
    const list = await owner.get('/v1/consumo/arrepentimientos').expect(200);
    expect(list.body.arrepentimientos[0]).toMatchObject({ numero, outcome: 'reembolso-pendiente' });

    await owner.post(`/v1/consumo/arrepentimientos/${numero}/devolucion`).expect(200);
    expect(await estado(numero)).toBe('cancelado');
    expect(await stock()).toBe(4);
    const again = await owner.post(`/v1/consumo/arrepentimientos/${numero}/devolucion`).expect(409);
    expect(again.body.error.message).toBe(m.notPending);
  });

  test('after 10 days: refused in Spanish, nothing changed', async () => {
    const { numero, email, stock } = await anOrder('efectivo');
    await t
      .db('orders')
      .where({ numero })
      .update({ created_at: new Date(Date.now() - 11 * 86_400_000) });
    const res = await arrepentimiento({ numero, email }).expect(409);
    expect(res.body).toEqual({ error: { message: m.tooLate } });
    expect(await estado(numero)).toBe('pendiente');
    expect(await stock()).toBe(2);
    expect(await t.db('consumer_arrepentimientos').where({ numero }).first()).toBeUndefined();
  });

  test('the wrong e-mail is 404 and a second request 409, each in Spanish', async () => {
    const { numero, email } = await anOrder('efectivo');
    const wrong = await arrepentimiento({ numero, email: 'otra.persona@correo.com' }).expect(404);
    expect(wrong.body.error.message).toBe(m.orderNotFound);
    await arrepentimiento({ numero, email }).expect(201);
    expect((await arrepentimiento({ numero, email }).expect(409)).body.error.message).toBe(m.alreadyCancelled);
  });
});
