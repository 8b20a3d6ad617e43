import type { Knex } from 'knex';

/**
 * Staff roles and account state, the append-only audit trail and the login events.
 * Every existing account becomes `recepcion` here; at start-up the API makes the ADMIN_EMAIL
 * account `dueno` when no owner exists yet (bootstrap's ensureOwner), since only it knows that e-mail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE accounts
      ADD COLUMN role text NOT NULL DEFAULT 'recepcion' CHECK (role IN ('dueno', 'recepcion', 'entrenador')),
      ADD COLUMN activo boolean NOT NULL DEFAULT true,
      ADD COLUMN last_login_at timestamptz,
      ADD COLUMN must_change_password boolean NOT NULL DEFAULT false`);
  await knex.raw(`ALTER TABLE sessions ADD COLUMN ip text, ADD COLUMN user_agent text`);

  await knex.raw(`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      actor_id uuid,
      actor_email text,
      actor_role text,
      entity text NOT NULL,
      entity_id text NOT NULL,
      action text NOT NULL,
      before jsonb,
      after jsonb,
      request_id text,
      ip text
    )`);
  await knex.raw('CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC)');
  await knex.raw('CREATE INDEX audit_log_actor ON audit_log (actor_id, at DESC)');
  await knex.raw('CREATE INDEX audit_log_entity ON audit_log (entity, at DESC)');
  await knex.raw(`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END $$`);
  await knex.raw(`
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);

  await knex.raw(`
    CREATE TABLE login_events (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
      email text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('exito', 'fallo', 'bloqueo')),
      ip text,
      user_agent text
    )`);
  await knex.raw('CREATE INDEX login_events_account ON login_events (account_id, at DESC)');
  await knex.raw('CREATE INDEX login_events_at ON login_events (at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE login_events');
  await knex.raw('DROP TABLE audit_log');
  await knex.raw('DROP FUNCTION audit_log_append_only()');
  await knex.raw('ALTER TABLE sessions DROP COLUMN ip, DROP COLUMN user_agent');
  await knex.raw(
    'ALTER TABLE accounts DROP COLUMN role, DROP COLUMN activo, DROP COLUMN last_login_at, DROP COLUMN must_change_password',
  );
}
