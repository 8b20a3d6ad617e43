import type { Knex } from 'knex';
import type { RegistrationInput, StaffAccount } from '@gym/contracts';

interface AccountRow {
  id: string;
  name: string;
  lastname: string;
  email: string;
  password_hash: string;
}

const toAccount = (row: AccountRow): StaffAccount => ({
  _id: row.id,
  name: row.name,
  lastname: row.lastname,
  email: row.email,
});

const PUBLIC_COLUMNS = ['id', 'name', 'lastname', 'email'];

export function createAccountsRepository(db: Knex) {
  return {
    async list(): Promise<StaffAccount[]> {
      const rows: AccountRow[] = await db('accounts').select(PUBLIC_COLUMNS).orderBy('created_at').orderBy('id');
      return rows.map(toAccount);
    },

    async findById(id: string): Promise<StaffAccount | undefined> {
      const row: AccountRow | undefined = await db('accounts').select(PUBLIC_COLUMNS).where({ id }).first();
      return row && toAccount(row);
    },

    async findCredentials(email: string): Promise<{ account: StaffAccount; passwordHash: string } | undefined> {
      const row: AccountRow | undefined = await db('accounts').where({ email }).first();
      return row && { account: toAccount(row), passwordHash: row.password_hash };
    },

    async insert(input: Omit<RegistrationInput, 'password'>, passwordHash: string): Promise<StaffAccount> {
      const [row] = await db('accounts')
        .insert({ name: input.name, lastname: input.lastname, email: input.email, password_hash: passwordHash })
        .returning(PUBLIC_COLUMNS);
      return toAccount(row as AccountRow);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
