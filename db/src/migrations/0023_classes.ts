import type { Knex } from 'knex';
import { PLAN_NAME_DISCIPLINE, specSlots } from '@gym/contracts/classes';

/**
 * Classes people book and a door that knows who comes in (issue 28). The weekly slots are the
 * spec's timetable (reference data, inserted here and again by the seed after a reset); a
 * session is a slot on a date, made ahead; a booking holds a place or a place in the waiting
 * list, in the order of `seq`. Every booking of a session is decided under a lock on the session's row, so a session
 * never has more `reservada` than `capacity`. Clients gain an optional DNI; every check-in at the
 * door is kept, refused ones too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE class_slots (
      id serial PRIMARY KEY,
      discipline text NOT NULL CHECK (discipline IN ('boxeo', 'yoga')),
      weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
      starts time NOT NULL,
      ends time NOT NULL CHECK (ends > starts),
      room text NOT NULL CHECK (char_length(room) BETWEEN 1 AND 40),
      capacity smallint NOT NULL CHECK (capacity BETWEEN 1 AND 200),
      trainer_id integer REFERENCES trainers(id) ON DELETE SET NULL,
      active boolean NOT NULL DEFAULT true,
      UNIQUE (discipline, weekday, starts)
    )`);
  await knex.raw(`
    CREATE TABLE class_rules (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      days_ahead smallint NOT NULL DEFAULT 7 CHECK (days_ahead BETWEEN 1 AND 14),
      free_cancel_hours smallint NOT NULL DEFAULT 2 CHECK (free_cancel_hours BETWEEN 0 AND 48),
      weekly_limit smallint NOT NULL DEFAULT 3 CHECK (weekly_limit BETWEEN 1 AND 14)
    )`);
  await knex.raw(`
    CREATE TABLE plan_disciplines (
      id_plan smallint NOT NULL REFERENCES plans(id_plan) ON DELETE CASCADE ON UPDATE CASCADE,
      discipline text NOT NULL CHECK (discipline IN ('boxeo', 'yoga')),
      weekly_limit smallint CHECK (weekly_limit BETWEEN 1 AND 14),
      PRIMARY KEY (id_plan, discipline)
    )`);
  await knex.raw(`
    CREATE TABLE class_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slot_id integer NOT NULL REFERENCES class_slots(id) ON DELETE RESTRICT,
      day date NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
      capacity smallint NOT NULL CHECK (capacity BETWEEN 1 AND 200),
      status text NOT NULL DEFAULT 'programada' CHECK (status IN ('programada', 'cancelada')),
      cancel_reason text CHECK (char_length(cancel_reason) BETWEEN 3 AND 200),
      CHECK ((status = 'cancelada') = (cancel_reason IS NOT NULL)),
      UNIQUE (slot_id, day)
    )`);
  await knex.raw('CREATE INDEX class_sessions_starts ON class_sessions (starts_at)');
  await knex.raw(`
    CREATE TABLE class_bookings (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigserial NOT NULL,
      session_id uuid NOT NULL REFERENCES class_sessions(id) ON DELETE CASCADE,
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE ON UPDATE CASCADE,
      status text NOT NULL CHECK (status IN ('reservada', 'espera', 'cancelada', 'asistio', 'ausente')),
      booked_by text NOT NULL CHECK (booked_by IN ('socio', 'recepcion')),
      created_at timestamptz NOT NULL,
      cancelled_at timestamptz,
      late_cancel boolean NOT NULL DEFAULT false,
      promoted_at timestamptz,
      CHECK ((status = 'cancelada') = (cancelled_at IS NOT NULL))
    )`);
  await knex.raw(
    "CREATE UNIQUE INDEX class_bookings_once ON class_bookings (session_id, id_usuario) WHERE status <> 'cancelada'",
  );
  await knex.raw('CREATE INDEX class_bookings_client ON class_bookings (id_usuario, created_at)');
  await knex.raw("CREATE INDEX class_bookings_waiting ON class_bookings (session_id, seq) WHERE status = 'espera'");

  await insertClassReferenceData(knex);

  await knex.raw(`ALTER TABLE clients ADD COLUMN dni text CHECK (dni ~ '^[0-9]{7,8}$')`);
  await knex.raw('CREATE UNIQUE INDEX clients_dni ON clients (dni) WHERE dni IS NOT NULL');
  await knex.raw(`
    CREATE TABLE checkins (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      id_usuario text REFERENCES clients(id_usuario) ON DELETE CASCADE ON UPDATE CASCADE,
      channel text NOT NULL CHECK (channel IN ('qr', 'dni', 'busqueda')),
      allowed boolean NOT NULL,
      reason text NOT NULL CHECK (char_length(reason) <= 200),
      booking_id uuid REFERENCES class_bookings(id) ON DELETE SET NULL
    )`);
  await knex.raw('CREATE INDEX checkins_at ON checkins (at)');
  await knex.raw('CREATE INDEX checkins_client ON checkins (id_usuario, at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE checkins');
  await knex.raw('DROP INDEX clients_dni');
  await knex.raw('ALTER TABLE clients DROP COLUMN dni');
  await knex.raw('DROP TABLE class_bookings, class_sessions, plan_disciplines, class_rules, class_slots');
}

/**
 * The spec's timetable, the default rules, and which plans cover which discipline (the plans named
 * BOXEO and YOGA). Again after a reset, from the seed: each insert skips what is already there.
 */
export async function insertClassReferenceData(knex: Knex): Promise<void> {
  const trainers: { id: number; nombre: string }[] = await knex('trainers').select('id', 'nombre');
  await knex('class_slots')
    .insert(
      specSlots().map(({ coach, ...slot }) => ({
        ...slot,
        trainer_id: trainers.find((t) => t.nombre === coach)?.id ?? null,
      })),
    )
    .onConflict(['discipline', 'weekday', 'starts'])
    .ignore();
  await knex('class_rules').insert({ id: true }).onConflict('id').ignore();
  const plans: { id_plan: number; nombre_plan: string }[] = await knex('plans').select('id_plan', 'nombre_plan');
  const covered = plans.flatMap((p) => {
    const discipline = PLAN_NAME_DISCIPLINE[p.nombre_plan];
    return discipline ? [{ id_plan: p.id_plan, discipline }] : [];
  });
  if (covered.length) await knex('plan_disciplines').insert(covered).onConflict(['id_plan', 'discipline']).ignore();
}
