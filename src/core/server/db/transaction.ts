import type { Db } from './client';

/**
 * Runs `work` in one transaction and hands it the transaction as a `Db`, so
 * the same query code runs inside a transaction or outside one: drizzle
 * types a transaction apart from its database though it answers the same
 * queries. The cast lives here alone.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((trx) => work(trx as unknown as Db));
}
