import { FOUNDER, TRAINERS } from '@gym/contracts/site';
import { searchKey } from '@gym/contracts/product-filters';

export interface Person {
  name: string;
  role: string;
  photo: string;
}

/** Each person's drawing in public/img/equipo/, named after them without accents: martin-gomez.svg. */
const person = (name: string, role: string): Person => ({
  name,
  role,
  photo: `/img/equipo/${searchKey(name).replaceAll(' ', '-')}.svg`,
});

/** SPEC §1: the four trainers of the home page, one per specialty (contracts' TRAINERS). */
export const trainers: readonly Person[] = TRAINERS.map((t) => person(t.name, t.specialty));

/** SPEC §2 /acercade: the five people behind the gym, the founder and the trainers of the home. */
export const team: readonly Person[] = [person(FOUNDER.name, FOUNDER.role), ...trainers];
