import { createTestApp, manualClock, type TestApp } from '../../test/test-app';
import { auditedWrites, createAuditRecorder } from '../audit';
import { forgetMembership } from '../memberships';
import { planReads } from '../plans';
import type { ShiftsService } from '../shifts';
import { clientReads } from './index';
import { createClientsRepository } from './clients.repository';
import { createClientsService } from './clients.service';

/** What other modules read and write of the clients (the door: a DNI, the typed search). */
const clock = manualClock(new Date('2027-03-12T13:00:00Z'));
let t: TestApp;
let staff: Awaited<ReturnType<TestApp['staffAgent']>>;
beforeAll(async () => {
  t = await createTestApp({ clock });
  staff = await t.staffAgent();
});
afterAll(() => t.close());

let n = 0;
async function newClient(nombre: string) {
  const idUsuario = `cr-${++n}`;
  await staff
    .post('/v1/agregarusuario')
    .send({ idUsuario, nombre, edad: 30, correo: `lector${n}@correo.com`, celular: 3815550000 + n, plan: 1 })
    .expect(201);
  return idUsuario;
}
const service = () =>
  createClientsService({
    clients: createClientsRepository(t.db),
    plans: planReads(t.db),
    shifts: {} as ShiftsService,
    clock,
    write: auditedWrites(t.db, createAuditRecorder(clock), createClientsRepository),
    forgetMembership,
  });
const audited = (idUsuario: string) =>
  t.db('audit_log').where({ entity: 'cliente', entity_id: idUsuario, action: 'dni' }).select('before', 'after');

test('a DNI set through the service is audited, found by the door, and one client’s only', async () => {
  const [a, b] = [await newClient('Dora Puerta'), await newClient('Otro Socio')];
  const reads = clientReads(t.db);
  expect(await reads.dni(a)).toEqual({ dni: null });
  expect(await service().setDni(a, '30111222')).toEqual({ before: null });
  expect([await reads.dni(a), await reads.byDni('30111222')]).toEqual([{ dni: '30111222' }, a]);
  expect(await audited(a)).toEqual([{ before: { dni: null }, after: { dni: '30111222' } }]);
  expect(await service().setDni(b, '30111222')).toBe('taken');
  expect(await reads.dni(b)).toEqual({ dni: null });
  expect(await service().setDni('no-existe', '30111223')).toBe('not-found');
  expect(await reads.dni('no-existe')).toBeUndefined();
});

test('the typed search: by name (accents and case aside), code or DNI, with the plan’s name', async () => {
  const id = await newClient('Íñigo Buscado');
  await service().setDni(id, '30999888');
  const plan = (await planReads(t.db).byId(1))!.nombrePlan;
  const expected = [{ idUsuario: id, nombre: 'Íñigo Buscado', plan, dni: '30999888' }];
  for (const text of ['inigo busc', id, '30.999.888'])
    expect([text, await clientReads(t.db).search(text)]).toEqual([text, expected]);
});

test('every plan, by number', async () => {
  const all = await planReads(t.db).all();
  expect(all.map((p) => p.idPlan)).toEqual([...all.map((p) => p.idPlan)].sort((x, y) => x - y));
  expect(all.length).toBeGreaterThan(0);
});

test('the clients of an e-mail, case aside, archived ones left out', async () => {
  const [a, b] = [await newClient('Ana Familia'), await newClient('Beto Familia')];
  const correo = `familia${n}@correo.com`;
  await t.db('clients').whereIn('id_usuario', [a, b]).update({ correo });
  expect(await clientReads(t.db).byEmail(correo.toUpperCase())).toEqual([
    { idUsuario: a, nombre: 'Ana Familia' },
    { idUsuario: b, nombre: 'Beto Familia' },
  ]);
  await t.db('clients').where({ id_usuario: b }).update({ archived_at: clock.now() });
  expect(await clientReads(t.db).byEmail(correo)).toEqual([{ idUsuario: a, nombre: 'Ana Familia' }]);
  expect(await clientReads(t.db).byEmail('nadie@correo.com')).toEqual([]);
});

test('another module holds a client’s row in its transaction: true only for a client in the lists', async () => {
  const [kept, archived] = [await newClient('Sigue Socio'), await newClient('Ya Archivado')];
  await t.db('clients').where({ id_usuario: archived }).update({ archived_at: clock.now() });
  const reads = clientReads(t.db);
  const held = await t.db.transaction(async (trx) => [
    await reads.hold(trx, kept, 'share'),
    await reads.hold(trx, kept, 'update'),
    await reads.hold(trx, archived, 'share'),
    await reads.hold(trx, 'no-existe', 'update'),
  ]);
  expect(held).toEqual([true, true, false, false]);
});
