import type { Knex } from 'knex';

/**
 * The account of ADMIN_EMAIL becomes `dueno` when no account is one yet: once, right after the
 * roles migration made every existing account `recepcion`. Later changes of role are the owners'.
 */
export async function ensureOwner(db: Knex, adminEmail: string): Promise<void> {
  await db.raw(
    `UPDATE accounts SET role = 'dueno'
      WHERE email = ? AND NOT EXISTS (SELECT 1 FROM accounts WHERE role = 'dueno')`,
    [adminEmail],
  );
}
