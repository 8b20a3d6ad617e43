import { auditActor, auditSentence, type AuditEntryView, type ClassSetup } from '@gym/contracts';
import type { OutgoingMail } from '../../shared/mailer';
import { memberAgent } from '../../test/member-agent';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/** The audit trail as people read it (issue 40, item 9): names and words, never codes. */
const sent: OutgoingMail[] = [];
const clock = manualClock();
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createTestApp({ clock, mailer: { send: async (mail) => void sent.push(mail) } });
  owner = await t.staffAgent();
});
afterAll(() => t.close());

const latest = async (entity: string) =>
  ((await owner.get('/v1/audit').query({ entity }).expect(200)).body.entries as AuditEntryView[])[0]!;

describe('the audit trail reads as sentences people understand', () => {
  test('a class change names the class and each change with its old and new value', async () => {
    const setup = (await owner.get('/v1/clases/configuracion').expect(200)).body as ClassSetup;
    const slot = setup.slots.find((s) => s.discipline === 'boxeo' && s.weekday === 1 && s.starts === '18:00')!;
    const coach = setup.trainers.find((x) => x.id === slot.trainerId)!;
    const other = setup.trainers.find((x) => x.id !== slot.trainerId)!;
    await owner
      .put(`/v1/clases/horarios/${slot.id}`)
      .send({ room: slot.room, capacity: slot.capacity + 2, trainerId: other.id, active: true })
      .expect(200);

    const entry = await latest('horario');
    expect(entry).toMatchObject({
      action: 'editar',
      before: { discipline: 'boxeo', weekday: 1, capacity: slot.capacity, entrenador: coach.nombre },
      after: { discipline: 'boxeo', weekday: 1, capacity: slot.capacity + 2, entrenador: other.nombre },
    });
    expect(auditSentence(entry)).toBe(
      `Editó la clase de Boxeo de los lunes a las 18:00: cupo de ${slot.capacity} a ${slot.capacity + 2}; ` +
        `entrenador de ${coach.nombre} a ${other.nombre}`,
    );
  });

  test('a member acting from the portal is named, not shown by their code', async () => {
    const { nombre } = (await t.db('clients').where({ id_usuario: 'demo-001' }).first('nombre')) as { nombre: string };
    const member = await memberAgent(t, owner, sent, 'demo-001');
    await member.post('/v1/socio/salir').expect(200);
    const entry = await latest('socio');
    expect(entry.actor).toMatchObject({ member: 'demo-001', memberName: nombre });
    expect(auditActor(entry)).toBe(`${nombre}, desde su portal de socio`);
  });

  test('a check-in found by name reads in words: no "por BUSQUEDA"', async () => {
    const { nombre } = (await t.db('clients').where({ id_usuario: 'demo-001' }).first('nombre')) as { nombre: string };
    await owner.post('/v1/clases/ingresos').send({ idUsuario: 'demo-001' }).expect(200);
    const sentence = auditSentence(await latest('ingreso'));
    expect(sentence).toMatch(new RegExp(`^Registró el ingreso de ${nombre} buscándolo por nombre: `));
    expect(sentence).not.toMatch(/BUSQUEDA|busqueda/);
  });
});
