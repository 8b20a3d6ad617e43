import type { Knex } from 'knex';

/** The client as the door and a booking see them: plan, paid-until, apto and an open pause. */
export interface Standing {
  id_usuario: string;
  nombre: string;
  correo: string;
  celular: number;
  plan: number;
  nombre_plan: string | null;
  paid_until: string | null;
  apto_vence: string | null;
  paused_since: string | null;
}

/**
 * What the classes read and write of other modules' tables (clients, plans, memberships, trainers).
 * Kept apart so it can be replaced by those modules' exported functions (issue 43, item 3).
 */
export function createOthersRepository(q: Knex) {
  return {
    /**
     * The client (not archived), plan, paid-until, apto and an open pause. With `lock`, the client's
     * row is held for the transaction (a booking's weekly count cannot be raced by the same member's other booking).
     */
    async standing(where: { idUsuario: string } | { dni: string }, options: { lock?: boolean } = {}) {
      const query = q({ c: 'clients' })
        .leftJoin({ p: 'plans' }, 'p.id_plan', 'c.plan')
        .leftJoin({ m: 'memberships' }, 'm.id_usuario', 'c.id_usuario')
        .leftJoin({ pa: 'membership_pauses' }, (j) => j.on('pa.id_usuario', 'c.id_usuario').andOnNull('pa.ended_on'))
        .whereNull('c.archived_at')
        .first(
          'c.id_usuario',
          'c.nombre',
          'c.correo',
          'c.celular',
          'c.plan',
          'p.nombre_plan',
          q.raw('m.paid_until::text AS paid_until'),
          q.raw('m.apto_vence::text AS apto_vence'),
          q.raw('pa.started_on::text AS paused_since'),
        );
      if ('dni' in where) query.where('c.dni', where.dni);
      else query.where('c.id_usuario', where.idUsuario);
      if (options.lock) query.forNoKeyUpdate('c');
      return (await query) as Standing | undefined;
    },

    /** The names of these clients (archived ones too: their names stay on old records). */
    async clientNames(ids: readonly string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map();
      const rows: { id_usuario: string; nombre: string }[] = await q('clients')
        .whereIn('id_usuario', [...new Set(ids)])
        .select('id_usuario', 'nombre');
      return new Map(rows.map((r) => [r.id_usuario, r.nombre]));
    },

    async clientDni(idUsuario: string): Promise<{ dni: string | null } | undefined> {
      return q('clients').where({ id_usuario: idUsuario }).whereNull('archived_at').first('dni');
    },

    /** Clients by name, code or DNI, accents and case aside: the door's typed lookup. */
    async searchClients(text: string) {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return (await q({ c: 'clients' })
        .leftJoin({ p: 'plans' }, 'p.id_plan', 'c.plan')
        .whereNull('c.archived_at')
        .where((w) => {
          void w
            .whereRaw('gym_search_key(c.nombre) LIKE gym_search_key(?)', [like])
            .orWhere('c.id_usuario', text)
            .orWhere('c.dni', text.replace(/\D/g, '') || '-');
        })
        .orderBy('c.nombre')
        .limit(8)
        .select('c.id_usuario AS idUsuario', 'c.nombre', 'p.nombre_plan AS plan', 'c.dni')) as {
        idUsuario: string;
        nombre: string;
        plan: string | null;
        dni: string | null;
      }[];
    },

    async setDni(idUsuario: string, dni: string | null): Promise<{ before: string | null } | undefined> {
      const row = (await q('clients')
        .where({ id_usuario: idUsuario })
        .whereNull('archived_at')
        .forUpdate()
        .first('dni')) as { dni: string | null } | undefined;
      if (!row) return undefined;
      await q('clients').where({ id_usuario: idUsuario }).update({ dni });
      return { before: row.dni };
    },

    plans: (): Promise<{ id_plan: number; nombre_plan: string }[]> =>
      q('plans').select('id_plan', 'nombre_plan').orderBy('id_plan'),
    plan: async (idPlan: number) =>
      (await q('plans').where({ id_plan: idPlan }).first('id_plan', 'nombre_plan')) as
        { id_plan: number; nombre_plan: string } | undefined,
    trainers: (): Promise<{ id: number; nombre: string }[]> => q('trainers').select('id', 'nombre').orderBy('nombre'),
  };
}

export type OthersRepository = ReturnType<typeof createOthersRepository>;
