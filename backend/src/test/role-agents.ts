import request from 'supertest';
import type { Role } from '@gym/contracts/roles';
import { TEST_STAFF_CODE, type TestApp } from './test-app';

let n = 0;
export const STAFF_PASSWORD = 'Fuerza2026';

/** A new account registered with the staff code, given `role`, signed in: its agent, id and e-mail. */
export async function signedInAs(t: TestApp, role: Role) {
  const email = `${role}-${++n}-${Date.now()}@gym.com`;
  const registered = await request(t.app)
    .post('/v1/users')
    .send({ name: 'Prueba', lastname: 'Rol', email, password: STAFF_PASSWORD, code: TEST_STAFF_CODE })
    .expect(201);
  await t.db('accounts').where({ email }).update({ role });
  const agent = request.agent(t.app);
  await agent.post('/v1/user/login').send({ email, password: STAFF_PASSWORD }).expect(200);
  return { agent, email, id: registered.body.user._id as string };
}
