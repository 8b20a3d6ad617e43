import type { Knex } from 'knex';

/**
 * Anti-passback at the door (issue 41): a second entry of the same member within
 * DOOR_REPEAT_MINUTES of a counted one is kept as a repeat (the desk saw it amber). A repeat is
 * neither a visit nor attendance: the trends' index leaves it out with the refused ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE checkins ADD COLUMN is_repeat boolean NOT NULL DEFAULT false');
  await knex.raw('DROP INDEX checkins_hours');
  await knex.raw(
    'CREATE INDEX checkins_hours ON checkins (at) INCLUDE (local_weekday, local_hour) WHERE allowed AND NOT is_repeat',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX checkins_hours');
  await knex.raw('CREATE INDEX checkins_hours ON checkins (at) INCLUDE (local_weekday, local_hour) WHERE allowed');
  await knex.raw('ALTER TABLE checkins DROP COLUMN is_repeat');
}
