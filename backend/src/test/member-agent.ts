import request from 'supertest';
import type { OutgoingMail } from '../shared/mailer';
import type { TestApp } from './test-app';

type Agent = ReturnType<typeof request.agent>;

/** A member signed in to the portal the way they would be: staff e-mail a link, the member opens it. */
export async function memberAgent(t: TestApp, staff: Agent, sent: OutgoingMail[], idUsuario: string): Promise<Agent> {
  const { correo } = (await t.db('clients').where({ id_usuario: idUsuario }).first('correo')) as { correo: string };
  await staff.post(`/v1/clients/${idUsuario}/member-access`).send({ channel: 'email' }).expect(200);
  const mail = sent.filter((x) => x.to.address === correo).at(-1);
  const token = /\/socio\/entrar#([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${correo}`);
  const member = request.agent(t.app);
  await member.post('/v1/socio/enlace').send({ token }).expect(200);
  return member;
}

/**
 * `count` clients on plan `idPlan`, paid for a month ahead with a valid apto físico: people who may
 * book. Their codes are `${prefix}-0001`…
 */
export async function eligibleClients(t: TestApp, prefix: string, count: number, idPlan = 1): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`);
  const trainer = (await t.db('trainers').first('id')) as { id: number };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await t.db('clients').insert(
      chunk.map((id, j) => ({
        id_usuario: id,
        nombre: `Socio ${i + j + 1}`,
        edad: 30,
        correo: `${id}@correo.com`,
        celular: 3815000000 + i + j,
        plan: idPlan,
        turno: 'Tarde',
        trainer_id: trainer.id,
      })),
    );
    await t.db('memberships').insert(
      chunk.map((id) => ({
        id_usuario: id,
        start_date: day(-10),
        paid_until: day(30),
        cycle_day: 1,
        apto_fecha: day(-10),
        apto_vence: day(355),
      })),
    );
  }
  return ids;
}
