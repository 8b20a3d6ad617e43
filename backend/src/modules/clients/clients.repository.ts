import type { Knex } from 'knex';
import type { Client, ClientInput, Shift } from '@gym/contracts';

interface ClientRow {
  id_usuario: string;
  nombre: string;
  edad: number;
  correo: string;
  celular: string | number;
  plan: number;
  turno: Shift;
  entrenador: string;
  updated_at: Date;
}

const toClient = (row: ClientRow): Client => ({
  idUsuario: row.id_usuario,
  nombre: row.nombre,
  edad: row.edad,
  correo: row.correo,
  celular: Number(row.celular),
  plan: row.plan,
  turno: row.turno,
  entrenador: row.entrenador,
  updatedAt: row.updated_at.toISOString(),
});

/** What is written: the form's fields plus the stored shift and trainer. */
export interface ClientWrite {
  input: Omit<ClientInput, 'idUsuario' | 'turno' | 'entrenador'>;
  turno: Shift;
  trainerId: number;
}

const toRow = ({ input, turno, trainerId }: ClientWrite) => ({
  nombre: input.nombre,
  edad: input.edad,
  correo: input.correo,
  celular: input.celular,
  plan: input.plan,
  turno,
  trainer_id: trainerId,
});

export function createClientsRepository(db: Knex) {
  const select = () =>
    db({ c: 'clients' })
      .join({ t: 'trainers' }, 't.id', 'c.trainer_id')
      .select(
        'c.id_usuario',
        'c.nombre',
        'c.edad',
        'c.correo',
        'c.celular',
        'c.plan',
        'c.turno',
        { entrenador: 't.nombre' },
        'c.updated_at',
      );

  async function findById(idUsuario: string): Promise<Client | undefined> {
    const row: ClientRow | undefined = await select().where('c.id_usuario', idUsuario).first();
    return row && toClient(row);
  }

  return {
    /** In the order they were added; the code breaks ties, so two reads answer the same. */
    async list(): Promise<Client[]> {
      const rows: ClientRow[] = await select().orderBy('c.created_at').orderBy('c.id_usuario');
      return rows.map(toClient);
    },

    findById,

    async insert(idUsuario: string, write: ClientWrite, now: Date): Promise<Client> {
      await db('clients').insert({ id_usuario: idUsuario, ...toRow(write), created_at: now, updated_at: now });
      return (await findById(idUsuario))!;
    },

    /** Updates only when the row still carries `expectedUpdatedAt` (if given); undefined when nothing matched. */
    async update(idUsuario: string, write: ClientWrite, now: Date, expectedUpdatedAt?: Date) {
      const query = db('clients').where({ id_usuario: idUsuario });
      // JSON carries milliseconds; a row stamped by the database (seeds) has microseconds.
      if (expectedUpdatedAt) query.andWhereRaw("date_trunc('milliseconds', updated_at) = ?", [expectedUpdatedAt]);
      const updated: unknown[] = await query.update({ ...toRow(write), updated_at: now }).returning('id_usuario');
      return updated.length > 0 ? findById(idUsuario) : undefined;
    },

    async delete(idUsuario: string): Promise<boolean> {
      const deleted: unknown[] = await db('clients').where({ id_usuario: idUsuario }).delete().returning('id_usuario');
      return deleted.length > 0;
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
