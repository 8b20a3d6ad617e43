import type { Knex } from 'knex';

/**
 * The consumer-law requests of Disposición 954/2025 (issue 45). A baja: who asked (as typed), what
 * to end, from which address and browser, the member it matched (none is kept too: no enumeration)
 * and the day it takes effect (their paid-until: they keep what they paid for). An arrepentimiento:
 * one per order, what became of it (cancelled, refunded online, to refund at the desk, goods back).
 * Staff read both; nobody deletes them (a trigger refuses), the audit row beside each is the proof.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE consumer_bajas (
      codigo text PRIMARY KEY,
      nombre text NOT NULL,
      contacto text NOT NULL,
      membresia boolean NOT NULL,
      debito boolean NOT NULL,
      motivo text NOT NULL DEFAULT '',
      id_usuario text,
      efectiva_desde date,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL,
      CHECK (membresia OR debito)
    )`);
  await knex.raw('CREATE INDEX consumer_bajas_newest ON consumer_bajas (created_at DESC)');
  await knex.raw('CREATE INDEX consumer_bajas_member ON consumer_bajas (id_usuario) WHERE id_usuario IS NOT NULL');
  await knex.raw(`
    CREATE TABLE consumer_arrepentimientos (
      codigo text PRIMARY KEY,
      numero text NOT NULL UNIQUE,
      email text NOT NULL,
      pago text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('cancelado', 'reembolsado', 'reembolso-pendiente', 'devuelto')),
      refund_id text,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL,
      resolved_at timestamptz,
      resolved_by text
    )`);
  await knex.raw('CREATE INDEX consumer_arrepentimientos_newest ON consumer_arrepentimientos (created_at DESC)');
  await knex.raw(`
    CREATE FUNCTION consumer_requests_kept() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME;
    END $$`);
  for (const table of ['consumer_bajas', 'consumer_arrepentimientos'])
    await knex.raw(`
      CREATE TRIGGER ${table}_kept BEFORE DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION consumer_requests_kept()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE consumer_arrepentimientos');
  await knex.raw('DROP TABLE consumer_bajas');
  await knex.raw('DROP FUNCTION consumer_requests_kept()');
}
