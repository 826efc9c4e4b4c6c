import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * Runs a purge that spans many transactions on one connection of its own,
 * holding a session-level advisory lock: one replica purges while the others
 * skip (answering `skipped`). The lock lives on that connection, so it is
 * taken and released on the same session, and a replica that dies frees it.
 */
async function underPurgeLock<T>(
  database: Pick<Database, 'maintenance'>,
  key: number,
  skipped: T,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  return database.maintenance(async (db) => {
    const [lock] = rowsOf<{ got: boolean }>(await db.execute(sql`SELECT pg_try_advisory_lock(${key}) AS got`));
    if (!lock?.got) return skipped;
    try {
      return await work(db);
    } finally {
      await db.execute(sql`SELECT pg_advisory_unlock(${key})`);
    }
  });
}

/**
 * A purge in batches under its lock: `next` finds the next batch (empty when
 * done), `each` purges one item and says whether it counted. Returns how
 * many did; 0 when another replica holds the lock.
 */
export function purgeInBatches<T>(
  database: Pick<Database, 'maintenance'>,
  key: number,
  next: (db: Db) => Promise<readonly T[]>,
  each: (db: Db, item: T) => Promise<boolean>,
): Promise<number> {
  return underPurgeLock(database, key, 0, async (db) => {
    let done = 0;
    for (;;) {
      const batch = await next(db);
      if (!batch.length) return done;
      for (const item of batch) if (await each(db, item)) done++;
    }
  });
}
