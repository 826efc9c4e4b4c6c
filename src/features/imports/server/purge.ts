import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../core/server/db/client';
import { rowsOf } from '../../../core/server/db/rows';
import { imports } from '../../../core/server/db/system-tables';
import type { FileStorage } from '../../../core/server/storage/file-storage';

/**
 * States an import may be purged in: finished, or uploaded and never run,
 * that long after it last moved. Never `queued` or `running`: a run asked
 * for is owed, however long the servers were down, and one in hand (or
 * left by a dead process, to be taken over) stays.
 */
const PURGEABLE = ['done', 'failed', 'cancelled', 'uploaded'];
/** Imports deleted per statement: each takes its errors with it (ON DELETE CASCADE), which can be many rows. */
const BATCH = 100;

/**
 * Deletes imports untouched for `days` in a purgeable state, with their
 * errors, then their files. Safe from any number of replicas at once: each
 * statement deletes rows no other holds (SKIP LOCKED) and returns the keys
 * it deleted, so each file is removed by the replica that deleted its row;
 * the cut-off is the database's clock, and FOR UPDATE checks the state again
 * on the row as it is once locked, so an import claimed meanwhile stays. A file already gone
 * is fine (`remove` ignores it); one that cannot be removed now is logged
 * and left (its row is gone, so nothing serves or reads it). Returns how
 * many imports went.
 */
export async function purgeImports(
  database: Pick<Database, 'maintenance'>,
  storage: FileStorage,
  days: number,
  log?: FastifyBaseLogger,
): Promise<number> {
  const purgeable = sql.join(
    PURGEABLE.map((s) => sql`${s}`),
    sql`, `,
  );
  // Its own connection without the request timeout: a big import's errors can take a while to delete.
  return database.maintenance(async (db) => {
    let purged = 0;
    for (;;) {
      const gone = rowsOf<{ file_key: string }>(
        await db.execute(sql`
          DELETE FROM ${imports}
           WHERE id IN (
             SELECT id FROM ${imports}
              WHERE state IN (${purgeable}) AND updated_at < now() - make_interval(days => ${days}::int)
              LIMIT ${BATCH}
              FOR UPDATE SKIP LOCKED)
          RETURNING file_key`),
      );
      for (const { file_key: key } of gone)
        await storage.remove(key).catch((err: unknown) => log?.warn({ err, key }, 'purged import’s file not removed'));
      purged += gone.length;
      if (gone.length < BATCH) return purged;
    }
  });
}
