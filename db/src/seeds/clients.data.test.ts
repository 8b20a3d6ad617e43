import { FOUNDER, TRAINERS } from '@gym/contracts/site';
import { seedClients } from './clients.data';

test('demo clients have names of their own, never a surname of the gym’s team', () => {
  const surname = (name: string) => name.split(' ').at(-1);
  const team = new Set([FOUNDER, ...TRAINERS].map((person) => surname(person.name)));
  const clash = seedClients.filter((client) => team.has(surname(client.nombre)));
  expect(clash.map((client) => client.nombre)).toEqual([]);
});
