import type { Knex } from 'knex';
import type { ArchivedClient, Client, ClientHistory, ClientInput } from '@gym/contracts/clients';
import { centavos } from '@gym/contracts/money';
import type { Shift } from '@gym/contracts/shifts';

interface ClientRow {
  id_usuario: string;
  nombre: string;
  edad: number;
  correo: string;
  celular: number;
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
  celular: row.celular,
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

interface ArchivedRow extends ClientRow {
  archived_at: Date;
  archived_by: string | null;
}

interface HistoryColumns {
  pagos: number;
  total: number;
  pedidos: number;
  clases: number;
  envios: number;
}

/** A client's history, as columns of a query over `clients c`. */
const historyColumns = (db: Knex) => [
  db.raw('(SELECT count(*) FROM membership_payments p WHERE p.id_usuario = c.id_usuario) AS pagos'),
  db.raw(`(SELECT coalesce(sum(p.amount_centavos), 0) FROM membership_payments p
             WHERE p.id_usuario = c.id_usuario AND p.voided_at IS NULL) AS total`),
  db.raw('(SELECT count(*) FROM orders o WHERE lower(o.comprador_email) = lower(c.correo)) AS pedidos'),
  db.raw(`(SELECT count(*) FROM class_bookings b WHERE b.id_usuario = c.id_usuario)
        + (SELECT count(*) FROM checkins k WHERE k.id_usuario = c.id_usuario AND NOT k.is_repeat) AS clases`),
  db.raw(`(SELECT count(*) FROM online_payments op WHERE op.id_usuario = c.id_usuario)
        + (SELECT count(*) FROM transfer_uploads u WHERE u.id_usuario = c.id_usuario) AS envios`),
];

const toHistory = (row: HistoryColumns): ClientHistory => ({
  pagos: row.pagos,
  totalPagadoCentavos: centavos(row.total),
  pedidos: row.pedidos,
  clases: row.clases,
  enviosDelSocio: row.envios,
});

/** Archived clients (kept for their payments and orders) are hidden from every read but the archive's. */
export function createClientsRepository(db: Knex) {
  const selectAny = () =>
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
  const select = () => selectAny().whereNull('c.archived_at');

  /** A client in the lists; `archived: true` finds an archived one too. */
  async function findById(idUsuario: string, options = { archived: false }): Promise<Client | undefined> {
    const query = options.archived ? selectAny() : select();
    const row: ClientRow | undefined = await query.where('c.id_usuario', idUsuario).first();
    return row && toClient(row);
  }

  return {
    /** In the order they were added; the code breaks ties, so two reads answer the same. */
    async list(): Promise<Client[]> {
      const rows: ClientRow[] = await select().orderBy('c.created_at').orderBy('c.id_usuario');
      return rows.map(toClient);
    },

    findById,

    /** The code of the client in the lists with this DNI. */
    async findIdByDni(dni: string): Promise<string | undefined> {
      const row: { id_usuario: string } | undefined = await db('clients')
        .where({ dni })
        .whereNull('archived_at')
        .first('id_usuario');
      return row?.id_usuario;
    },

    /** The clients, archived ones too, with this DNI or this e-mail (case aside): whom a baja is about. */
    async findByContact(contacto: string): Promise<{ idUsuario: string; archived: boolean }[]> {
      const query = db('clients');
      if (contacto.includes('@')) query.whereRaw('lower(correo) = ?', [contacto]);
      else query.where({ dni: contacto });
      const rows: { id_usuario: string; archived_at: Date | null }[] = await query
        .orderBy('id_usuario')
        .limit(5)
        .select('id_usuario', 'archived_at');
      return rows.map((r) => ({ idUsuario: r.id_usuario, archived: r.archived_at !== null }));
    },

    /** A client's DNI (null: none yet); undefined when there is no such client in the lists. */
    async dniOf(idUsuario: string): Promise<{ dni: string | null } | undefined> {
      const row: { dni: string | null } | undefined = await db('clients')
        .where({ id_usuario: idUsuario })
        .whereNull('archived_at')
        .first('dni');
      return row && { dni: row.dni };
    },

    /** At most 8 clients in the lists by name, code or DNI, accents and case aside: the door's typed lookup. */
    async search(text: string): Promise<{ idUsuario: string; nombre: string; plan: number; dni: string | null }[]> {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows: { id_usuario: string; nombre: string; plan: number; dni: string | null }[] = await db('clients')
        .whereNull('archived_at')
        .where((w) => {
          void w
            .whereRaw('gym_search_key(nombre) LIKE gym_search_key(?)', [like])
            .orWhere('id_usuario', text)
            .orWhere('dni', text.replace(/\D/g, '') || '-');
        })
        .orderBy('nombre')
        .limit(8)
        .select('id_usuario', 'nombre', 'plan', 'dni');
      return rows.map((r) => ({ idUsuario: r.id_usuario, nombre: r.nombre, plan: r.plan, dni: r.dni }));
    },

    /** Sets a client's DNI, the row held for the transaction; undefined when there is no such client in the lists. */
    async setDni(idUsuario: string, dni: string | null): Promise<{ before: string | null } | undefined> {
      const row: { dni: string | null } | undefined = await db('clients')
        .where({ id_usuario: idUsuario })
        .whereNull('archived_at')
        .forUpdate()
        .first('dni');
      if (!row) return undefined;
      await db('clients').where({ id_usuario: idUsuario }).update({ dni });
      return { before: row.dni };
    },

    /** The clients of these codes (archived ones too), in one query. */
    async findByIds(ids: readonly string[]): Promise<Client[]> {
      if (ids.length === 0) return [];
      const rows: ClientRow[] = await selectAny().whereIn('c.id_usuario', [...new Set(ids)]);
      return rows.map(toClient);
    },

    async insert(idUsuario: string, write: ClientWrite, now: Date): Promise<Client> {
      await db('clients').insert({ id_usuario: idUsuario, ...toRow(write), created_at: now, updated_at: now });
      return (await findById(idUsuario))!;
    },

    /** Updates only when the row still carries `expectedUpdatedAt` (if given); undefined when nothing matched. */
    async update(idUsuario: string, write: ClientWrite, now: Date, expectedUpdatedAt?: Date) {
      const query = db('clients').where({ id_usuario: idUsuario }).whereNull('archived_at');
      // JSON carries milliseconds; a row stamped by the database (seeds) has microseconds.
      if (expectedUpdatedAt) query.andWhereRaw("date_trunc('milliseconds', updated_at) = ?", [expectedUpdatedAt]);
      const updated: unknown[] = await query.update({ ...toRow(write), updated_at: now }).returning('id_usuario');
      return updated.length > 0 ? findById(idUsuario) : undefined;
    },

    /** The clients in the lists with this e-mail, whatever its case (a family may share one): at most 3. */
    async findByEmail(email: string): Promise<{ idUsuario: string; nombre: string }[]> {
      const rows: { id_usuario: string; nombre: string }[] = await db('clients')
        .whereRaw('lower(correo) = lower(?)', [email])
        .whereNull('archived_at')
        .orderBy('id_usuario')
        .limit(3)
        .select('id_usuario', 'nombre');
      return rows.map((r) => ({ idUsuario: r.id_usuario, nombre: r.nombre }));
    },

    /**
     * Holds the client's row (archived or not) until the transaction ends, shared or for update;
     * true when the client is in the lists, false when archived or unknown.
     */
    async hold(idUsuario: string, mode: 'share' | 'update'): Promise<boolean> {
      const query = db('clients').where({ id_usuario: idUsuario });
      const row: { archived_at: Date | null } | undefined = await (
        mode === 'share' ? query.forShare() : query.forUpdate()
      ).first('archived_at');
      return row !== undefined && row.archived_at === null;
    },

    /** A client's shift and trainer (the Turnos screen); false when no client in the lists has that code. */
    async setShift(idUsuario: string, turno: Shift, trainerId: number, now: Date): Promise<boolean> {
      const updated: unknown[] = await db('clients')
        .where({ id_usuario: idUsuario })
        .whereNull('archived_at')
        .update({ turno, trainer_id: trainerId, updated_at: now })
        .returning('id_usuario');
      return updated.length > 0;
    },

    /** Takes the row for the rest of the transaction, so no payment can be added to it meanwhile. */
    async lock(idUsuario: string): Promise<boolean> {
      const row = await db('clients')
        .where({ id_usuario: idUsuario })
        .whereNull('archived_at')
        .forUpdate()
        .first('id_usuario');
      return row !== undefined;
    },

    /** What deleting the client would lose: its payments (voided too) and the shop orders bought with its e-mail. */
    async history(idUsuario: string): Promise<ClientHistory> {
      const row: HistoryColumns = await db({ c: 'clients' })
        .where('c.id_usuario', idUsuario)
        .first(...historyColumns(db));
      return toHistory(row);
    },

    async archive(idUsuario: string, now: Date, by: string | null): Promise<void> {
      await db('clients')
        .where({ id_usuario: idUsuario })
        .update({ archived_at: now, archived_by: by, updated_at: now });
    },

    /** A client without payments or orders (the memberships module has deleted its membership first). */
    async delete(idUsuario: string): Promise<boolean> {
      const deleted: unknown[] = await db('clients').where({ id_usuario: idUsuario }).delete().returning('id_usuario');
      return deleted.length > 0;
    },

    /** The archive, the most recently archived first. */
    async listArchived(): Promise<ArchivedClient[]> {
      const rows: (ArchivedRow & HistoryColumns)[] = await selectAny()
        .select('c.archived_at', 'c.archived_by', ...historyColumns(db))
        .whereNotNull('c.archived_at')
        .orderBy('c.archived_at', 'desc')
        .orderBy('c.id_usuario');
      return rows.map((row) => ({
        client: toClient(row),
        archivedAt: row.archived_at.toISOString(),
        archivedBy: row.archived_by,
        history: toHistory(row),
      }));
    },

    /** Back in the lists; undefined when no archived client has that code. */
    async restore(idUsuario: string, now: Date): Promise<Client | undefined> {
      const updated: unknown[] = await db('clients')
        .where({ id_usuario: idUsuario })
        .whereNotNull('archived_at')
        .update({ archived_at: null, archived_by: null, updated_at: now })
        .returning('id_usuario');
      return updated.length > 0 ? findById(idUsuario) : undefined;
    },
  };
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>;
