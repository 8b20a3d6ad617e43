import type { Knex } from 'knex';
import type { AuditEntry, AuditRecorder } from './audit.recorder';

export type RecordAudit = (entry: AuditEntry) => Promise<void>;

/** Runs a write in a transaction, with the module's repository bound to it and its audit row beside it. */
export type AuditedWrite<R> = <T>(
  work: (repo: R, record: RecordAudit, trx: Knex.Transaction) => Promise<T>,
) => Promise<T>;

/**
 * Inside `work`, use only `repo`, `record` and `trx`: on PGlite the transaction holds the one
 * connection, so a query through the outer `db` would wait for it forever.
 */
export function auditedWrites<R>(db: Knex, audit: AuditRecorder, makeRepo: (q: Knex) => R): AuditedWrite<R> {
  return (work) => db.transaction((trx) => work(makeRepo(trx), (entry) => audit.record(trx, entry), trx));
}
