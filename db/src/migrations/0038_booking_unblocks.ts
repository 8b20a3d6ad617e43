import type { Knex } from 'knex';

/**
 * The no-show rule (issue 46): after NO_SHOWS_BLOQUEO no-shows in 30 days a member may not book for
 * 7 days from the last one. The block is worked out from the bookings; a lift by the desk is stored
 * here, and only the no-shows of classes that started after the latest lift count again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE class_booking_unblocks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      id_usuario text NOT NULL REFERENCES clients(id_usuario) ON DELETE CASCADE,
      lifted_at timestamptz NOT NULL,
      lifted_by text
    )`);
  await knex.raw('CREATE INDEX class_booking_unblocks_member ON class_booking_unblocks (id_usuario, lifted_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE class_booking_unblocks');
}
