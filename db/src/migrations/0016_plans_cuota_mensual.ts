import type { Knex } from 'knex';

/**
 * A plan's monthly fee, of its own: the spec's `precio` is per hour (the /planes card says "por
 * hora") while the desk charged it per month. Existing plans start with the fee they were charged
 * (precio, in centavos); staff set the real one on the plan form.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE plans ADD COLUMN cuota_mensual_centavos bigint');
  await knex.raw('UPDATE plans SET cuota_mensual_centavos = round(precio * 100)');
  await knex.raw(`ALTER TABLE plans ALTER COLUMN cuota_mensual_centavos SET NOT NULL,
    ADD CONSTRAINT plans_cuota_mensual_positive CHECK (cuota_mensual_centavos > 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE plans DROP COLUMN cuota_mensual_centavos');
}
