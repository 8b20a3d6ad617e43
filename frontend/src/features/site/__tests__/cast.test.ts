import { seedClients, seedTrainers } from '../../../../../db/src/seeds/clients.data';
import { team, trainers } from '../data/people';

/** One cast of people: the site's team and the demo data tell the same story. */
describe('one cast of people', () => {
  const names = (people: readonly { name: string }[]) => people.map((person) => person.name);

  test('the trainers staff assign in /turnos are trainers of the home page', () => {
    expect(names(trainers)).toEqual(expect.arrayContaining([...seedTrainers]));
    expect(trainers).toHaveLength(4);
  });

  test('/acercade includes every trainer of the home page, and five people in all', () => {
    expect(names(team)).toEqual(expect.arrayContaining(names(trainers)));
    expect(team).toHaveLength(5);
  });

  test('demo clients have their own names, never a team member’s', () => {
    const surnames = new Set(names(team).map((name) => name.split(' ').at(-1)));
    const clash = seedClients.filter((client) => surnames.has(client.nombre.split(' ').at(-1)));
    expect(clash.map((client) => client.nombre)).toEqual([]);
  });
});
