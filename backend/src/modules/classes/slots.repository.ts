import type { Knex } from 'knex';
import type { ClassDiscipline, ClassSlot } from '@gym/contracts/classes';

/** A slot as stored: what the timetable's edit compares before and after. */
export interface SlotRecord {
  id: number;
  discipline: ClassDiscipline;
  weekday: number;
  starts: string;
  ends: string;
  room: string;
  capacity: number;
  trainer_id: number | null;
  active: boolean;
}

/** What a new slot stores; an edit changes room, capacity, coach and whether it runs. */
export type SlotFields = Omit<SlotRecord, 'id'>;
export type SlotChange = Pick<SlotRecord, 'room' | 'capacity' | 'trainer_id' | 'active'>;

/** The weekly timetable: a discipline on a weekday at an hour, in a room, with a coach and a capacity. */
export function createSlotsRepository(q: Knex) {
  return {
    /** Every slot, with its coach's id (the name comes from the trainers' owner). */
    async list(): Promise<Omit<ClassSlot, 'coach'>[]> {
      const rows: SlotRecord[] = await q('class_slots')
        .select(
          'id',
          'discipline',
          'weekday',
          q.raw(`to_char(starts, 'HH24:MI') AS starts`),
          q.raw(`to_char(ends, 'HH24:MI') AS ends`),
          'room',
          'capacity',
          'trainer_id',
          'active',
        )
        .orderBy(['discipline', 'weekday', 'starts']);
      return rows.map((r) => ({
        id: r.id,
        discipline: r.discipline,
        weekday: r.weekday,
        starts: r.starts,
        ends: r.ends,
        room: r.room,
        capacity: r.capacity,
        trainerId: r.trainer_id,
        active: r.active,
      }));
    },

    async find(id: number, options: { lock?: boolean } = {}): Promise<SlotRecord | undefined> {
      const query = q('class_slots').where({ id }).first();
      if (options.lock) query.forUpdate();
      return query as Promise<SlotRecord | undefined>;
    },

    async insert(row: SlotFields): Promise<number> {
      const [inserted] = await q('class_slots').insert(row, ['id']);
      return (inserted as { id: number }).id;
    },

    async update(id: number, change: SlotChange): Promise<void> {
      await q('class_slots').where({ id }).update(change);
    },
  };
}
