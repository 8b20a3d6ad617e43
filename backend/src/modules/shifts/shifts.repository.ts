import type { Knex } from 'knex';
import { SHIFTS, type Shift, type ShiftRow } from '@gym/contracts/shifts';

interface ShiftRowRecord {
  id_usuario: string;
  turno: Shift;
  usuario: string;
  entrenador: string;
}

const toShiftRow = (row: ShiftRowRecord): ShiftRow => ({
  idUsuario: row.id_usuario,
  turno: row.turno,
  usuario: row.usuario,
  entrenador: row.entrenador,
});

/** Trainers and the shift stored on each client row. */
export function createShiftsRepository(db: Knex) {
  const rows = () =>
    db({ c: 'clients' })
      .join({ t: 'trainers' }, 't.id', 'c.trainer_id')
      .whereNull('c.archived_at')
      .select('c.id_usuario', 'c.turno', { usuario: 'c.nombre' }, { entrenador: 't.nombre' });

  return {
    /** In the order of the client list, so the Turnos table matches it. */
    async list(): Promise<ShiftRow[]> {
      const records: ShiftRowRecord[] = await rows().orderBy('c.created_at').orderBy('c.id_usuario');
      return records.map(toShiftRow);
    },

    async find(idUsuario: string): Promise<ShiftRow | undefined> {
      const record: ShiftRowRecord | undefined = await rows().where('c.id_usuario', idUsuario).first();
      return record && toShiftRow(record);
    },

    async trainerNames(): Promise<string[]> {
      const records: { nombre: string }[] = await db('trainers').select('nombre').orderBy('id');
      return records.map((r) => r.nombre);
    },

    /** Every trainer with their id, by name. */
    async trainers(): Promise<{ id: number; nombre: string }[]> {
      return db('trainers').select('id', 'nombre').orderBy('nombre');
    },

    async trainerId(nombre: string): Promise<number | undefined> {
      const record: { id: number } | undefined = await db('trainers').select('id').where({ nombre }).first();
      return record?.id;
    },

    /** The shift with the fewest clients; ties go to the earlier shift of the day. */
    async leastBusyShift(): Promise<Shift> {
      const values = SHIFTS.map((_shift, i) => `(?, ${i})`).join(', ');
      const { rows: result } = await db.raw<{ rows: { turno: Shift }[] }>(
        `SELECT s.turno FROM (VALUES ${values}) AS s(turno, ord)
         LEFT JOIN clients c ON c.turno = s.turno AND c.archived_at IS NULL
         GROUP BY s.turno, s.ord ORDER BY count(c.id_usuario), s.ord LIMIT 1`,
        [...SHIFTS],
      );
      return result[0]!.turno;
    },

    /** The trainer with the fewest clients; ties go to the first trainer. */
    async leastBusyTrainer(): Promise<number> {
      const record: { id: number } | undefined = await db({ t: 'trainers' })
        .leftJoin({ c: 'clients' }, (j) => j.on('c.trainer_id', 't.id').andOnNull('c.archived_at'))
        .groupBy('t.id')
        .orderByRaw('count(c.id_usuario), t.id')
        .first('t.id');
      if (!record) throw new Error('no trainers in the database');
      return record.id;
    },
  };
}

export type ShiftsRepository = ReturnType<typeof createShiftsRepository>;
