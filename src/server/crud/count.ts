import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { AnyTable } from '../db/resource-tables';

/** Beyond this many matches a total is not worth an exact count (DESIGN 4). */
export const COUNT_CAP = 10000;

export interface Total {
  total: number;
  exact: boolean;
}

/**
 * Counts at most COUNT_CAP + 1 matching rows, so a search that matches most
 * of a big table stays cheap. An unfiltered list past the cap reports the
 * planner's estimate of the table size when there is one.
 */
export async function countRows(db: Db, t: AnyTable, where: SQL | undefined, tableName: string): Promise<Total> {
  const sub = db
    .select({ one: sql`1` })
    .from(t)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  if (n <= COUNT_CAP) return { total: n, exact: true };
  if (!where) {
    const res = await db.execute<{ estimate: number }>(
      sql`SELECT reltuples::bigint::int AS estimate FROM pg_class WHERE oid = to_regclass(${tableName})`,
    );
    const estimate = Number(rowsOf<{ estimate: number }>(res)[0]?.estimate ?? -1);
    if (estimate > COUNT_CAP) return { total: estimate, exact: false };
  }
  return { total: COUNT_CAP, exact: false };
}
