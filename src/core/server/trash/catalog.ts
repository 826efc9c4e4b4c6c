import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * What the catalog says, once per process: the schema is the release's, the
 * same in every replica, and changes only with a migration at start. A
 * failed read is not kept.
 */
const known = new Map<string, Promise<unknown>>();

export function fromCatalog<T>(key: string, read: () => Promise<T>): Promise<T> {
  let found = known.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read().catch((err: unknown) => {
      known.delete(key);
      throw err;
    });
    known.set(key, found);
  }
  return found;
}

/** The columns an INSERT may set (not generated, not dropped), in table order. */
export const insertableColumns = (db: Db, table: string) =>
  fromCatalog(`cols:${table}`, async () =>
    rowsOf<{ name: string }>(
      await db.execute(
        sql`SELECT attname AS name FROM pg_attribute WHERE attrelid = ${table}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
      ),
    ).map((c) => c.name),
  );

/** `a, b, c` as uuid parameters, for `IN (...)` (an array parameter is not cast alike by both drivers). */
export const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
