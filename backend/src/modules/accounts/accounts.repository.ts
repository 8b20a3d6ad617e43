import type { Knex } from 'knex';
import type { RegistrationInput, StaffAccount, StaffUserRow } from '@gym/contracts/accounts';
import type { Role } from '@gym/contracts/roles';

interface AccountRow {
  id: string;
  name: string;
  lastname: string;
  email: string;
  role: Role;
  activo: boolean;
  must_change_password: boolean;
  last_login_at: Date | null;
  password_hash: string;
}

/** What the API knows of an account besides its public fields: never leaves the server as such. */
export interface AccountRecord {
  account: StaffAccount;
  activo: boolean;
  mustChangePassword: boolean;
}

const toAccount = (row: AccountRow): StaffAccount => ({
  _id: row.id,
  name: row.name,
  lastname: row.lastname,
  email: row.email,
  role: row.role,
});

const toRecord = (row: AccountRow): AccountRecord => ({
  account: toAccount(row),
  activo: row.activo,
  mustChangePassword: row.must_change_password,
});

const toUserRow = (row: AccountRow): StaffUserRow => ({
  ...toAccount(row),
  activo: row.activo,
  lastLoginAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
});

const PUBLIC_COLUMNS = ['id', 'name', 'lastname', 'email', 'role'];
const STATE_COLUMNS = [...PUBLIC_COLUMNS, 'activo', 'must_change_password', 'last_login_at'];

export function createAccountsRepository(db: Knex) {
  return {
    async list(): Promise<StaffUserRow[]> {
      const rows: AccountRow[] = await db('accounts').select(STATE_COLUMNS).orderBy('created_at').orderBy('id');
      return rows.map(toUserRow);
    },
    async findById(id: string): Promise<AccountRecord | undefined> {
      const row: AccountRow | undefined = await db('accounts').select(STATE_COLUMNS).where({ id }).first();
      return row && toRecord(row);
    },
    async findUserRow(id: string, q: Knex = db): Promise<StaffUserRow | undefined> {
      const row: AccountRow | undefined = await q('accounts').select(STATE_COLUMNS).where({ id }).forUpdate().first();
      return row && toUserRow(row);
    },
    async findCredentials(email: string): Promise<(AccountRecord & { passwordHash: string }) | undefined> {
      const row: AccountRow | undefined = await db('accounts').where({ email }).first();
      return row && { ...toRecord(row), passwordHash: row.password_hash };
    },
    async passwordHashOf(id: string): Promise<string | undefined> {
      const row: { password_hash: string } | undefined = await db('accounts')
        .select('password_hash')
        .where({ id })
        .first();
      return row?.password_hash;
    },
    async insert(
      input: Omit<RegistrationInput, 'password'>,
      passwordHash: string,
      role: Role,
      q: Knex = db,
    ): Promise<StaffAccount> {
      const [row] = await q('accounts')
        .insert({ name: input.name, lastname: input.lastname, email: input.email, password_hash: passwordHash, role })
        .returning(PUBLIC_COLUMNS);
      return toAccount(row as AccountRow);
    },
    async update(
      id: string,
      changes: Partial<{ role: Role; activo: boolean; password_hash: string; must_change_password: boolean }>,
      q: Knex = db,
    ): Promise<void> {
      await q('accounts').where({ id }).update(changes);
    },
    /** Whom the system tells of what the owner must act on (ARCA's certificate ending): the active owners. */
    async activeOwnerContacts(): Promise<{ name: string; address: string }[]> {
      const rows: { name: string; lastname: string; email: string }[] = await db('accounts')
        .select('name', 'lastname', 'email')
        .where({ role: 'dueno', activo: true })
        .orderBy('email');
      return rows.map((r) => ({ name: `${r.name} ${r.lastname}`, address: r.email }));
    },
    /** Active owners, locked so two demotions at once cannot both pass the "last owner" check. */
    async activeOwnerIds(q: Knex): Promise<string[]> {
      const rows: { id: string }[] = await q('accounts')
        .select('id')
        .where({ role: 'dueno', activo: true })
        .forUpdate();
      return rows.map((r) => r.id);
    },
    async touchLastLogin(id: string, at: Date): Promise<void> {
      await db('accounts').where({ id }).update({ last_login_at: at });
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
