import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { roleMessages, type Role } from '@gym/contracts/roles';
import type { StaffUserRow } from '@gym/contracts/accounts';
import { Conflict, NotFound } from '../../shared/errors';
import type { AuditRecorder } from '../audit';
import type { AccountsRepository } from './accounts.repository';
import type { PasswordHasher } from './password';
import type { SessionsRepository } from './sessions.repository';
import { UUID } from '../../shared/ids';

/** 12 random characters plus one of each kind the password rule asks for: 15, under its 16. */
export const temporaryPassword = () => `${randomBytes(9).toString('base64url')}a7K`;

type Change = Parameters<AccountsRepository['update']>[1];

export interface StaffServiceDeps {
  db: Knex;
  accounts: AccountsRepository;
  sessions: SessionsRepository;
  hasher: PasswordHasher;
  audit: AuditRecorder;
}

/** The owner's account management. Each change, its audit row and its ended sessions commit together. */
export function createStaffService({ db, accounts, sessions, hasher, audit }: StaffServiceDeps) {
  const stateOf = ({ role, activo }: StaffUserRow) => ({ role, activo });

  async function change(
    id: string,
    action: string,
    decide: (before: StaffUserRow, owners: string[]) => Change,
    endSessions = false,
  ): Promise<StaffUserRow> {
    if (!UUID.test(id)) throw new NotFound(roleMessages.unknownAccount);
    return db.transaction(async (trx) => {
      const owners = await accounts.activeOwnerIds(trx);
      const before = await accounts.findUserRow(id, trx);
      if (!before) throw new NotFound(roleMessages.unknownAccount);
      const changes = decide(before, owners);
      await accounts.update(id, changes, trx);
      if (endSessions) await sessions.deleteAllFor(id, trx);
      const after = (await accounts.findUserRow(id, trx))!;
      await audit.record(trx, {
        entity: 'cuenta',
        entityId: id,
        action,
        before: stateOf(before),
        after: stateOf(after),
      });
      return after;
    });
  }

  const isLastOwner = (account: StaffUserRow, owners: string[]) => owners.length === 1 && owners[0] === account._id;

  return {
    list: () => accounts.list(),

    changeRole(id: string, role: Role) {
      return change(id, 'cambiar_rol', (before, owners) => {
        if (role !== 'dueno' && isLastOwner(before, owners)) throw new Conflict(roleMessages.lastOwner);
        return { role };
      });
    },

    /** Every session of the account ends in the same transaction. */
    disable: (id: string) =>
      change(
        id,
        'desactivar',
        (before, owners) => {
          if (isLastOwner(before, owners)) throw new Conflict(roleMessages.lastOwner);
          return { activo: false };
        },
        true,
      ),

    enable: (id: string) => change(id, 'activar', () => ({ activo: true })),

    /** A temporary password, answered once and stored only hashed; it must be changed at the next login. */
    async resetPassword(id: string): Promise<{ user: StaffUserRow; temporaryPassword: string }> {
      const password = temporaryPassword();
      const hash = await hasher.hash(password);
      const user = await change(
        id,
        'restablecer_contrasena',
        () => ({ password_hash: hash, must_change_password: true }),
        true,
      );
      return { user, temporaryPassword: password };
    },

    async idByEmail(email: string): Promise<string> {
      const found = await accounts.findCredentials(email.trim().toLowerCase());
      if (!found) throw new NotFound(roleMessages.unknownAccount);
      return found.account._id;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
