import type { AuditEntryView } from '@gym/contracts/roles';
import type { ClassSetup } from '@gym/contracts/classes';
import { AUDIT_KEYS } from '@gym/contracts/audit';
import type { OutgoingMail } from '../../shared/mailer';
import { memberAgent } from '../../test/member-agent';
import { createTestApp, manualClock, type TestApp } from '../../test/test-app';

/**
 * The audit trail as people read it (issue 40, item 9): names and words, never codes. The API writes
 * rows that hold the names and values; the audit screen turns them into sentences, and its test
 * (frontend/src/features/audit/__tests__/audit-sentences.test.ts) reads rows of these shapes.
 */
const sent: OutgoingMail[] = [];
const clock = manualClock();
let t: TestApp;
let owner: Awaited<ReturnType<TestApp['staffAgent']>>;

beforeAll(async () => {
  t = await createTestApp({ clock, mailer: { send: async (mail) => void sent.push(mail) } });
  owner = await t.staffAgent();
});
afterAll(() => t.close());

const latest = async (entity: string) => {
  const entry = ((await owner.get('/v1/audit').query({ entity }).expect(200)).body.entries as AuditEntryView[])[0]!;
  // A pair the screen has a sentence for: its sentence table is typed by contracts' AUDIT_KEYS.
  expect(AUDIT_KEYS).toContain(`${entry.entity}.${entry.action}`);
  return entry;
};
/** The fields that name a weekly class in its rows (the screen's "Boxeo de los lunes a las 18:00"). */
const SLOT_NAME_FIELDS = ['discipline', 'weekday', 'starts', 'ends'];

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
    const starts = expect.stringMatching(/^18:00/);
    expect(entry).toMatchObject({
      action: 'editar',
      before: { discipline: 'boxeo', weekday: 1, starts, capacity: slot.capacity, entrenador: coach.nombre },
      after: { discipline: 'boxeo', weekday: 1, starts, capacity: slot.capacity + 2, entrenador: other.nombre },
    });
    // Each change with its old and new value, and nothing that did not change (room, active).
    const changed = (fields: Record<string, unknown> | null) =>
      Object.keys(fields ?? {})
        .filter((k) => !SLOT_NAME_FIELDS.includes(k))
        .sort();
    expect(changed(entry.after)).toEqual(['capacity', 'entrenador']);
    expect(changed(entry.before)).toEqual(['capacity', 'entrenador']);
  });

  test('a member acting from the portal is named, not shown by their code', async () => {
    const { nombre } = (await t.db('clients').where({ id_usuario: 'demo-001' }).first('nombre')) as { nombre: string };
    const member = await memberAgent(t, owner, sent, 'demo-001');
    await member.post('/v1/socio/salir').expect(200);
    const entry = await latest('socio');
    // No staff account: the screen names the member ("<nombre>, desde su portal de socio").
    expect(entry.actor).toMatchObject({ _id: null, email: null, member: 'demo-001', memberName: nombre });
  });

  test('a check-in found by name reads in words: no "por BUSQUEDA"', async () => {
    const { nombre } = (await t.db('clients').where({ id_usuario: 'demo-001' }).first('nombre')) as { nombre: string };
    await owner.post('/v1/clases/ingresos').send({ idUsuario: 'demo-001' }).expect(200);
    const entry = await latest('ingreso');
    // The person's name and how they were found; the screen reads canal 'busqueda' as "buscándolo por nombre".
    expect(entry.after).toMatchObject({ nombre, canal: 'busqueda', permitido: expect.any(Boolean) });
  });
});
