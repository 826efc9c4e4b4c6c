import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { AnyTable } from '../db/resource-tables';

/** Beyond this many matches a total is not worth an exact count: a search must stay fast on a big table. */
export const COUNT_CAP = 10000;

export interface Total {
  total: number;
  exact: boolean;
}

/**
 * A planner estimate this far past the cap is trusted without counting: the
 * capped count would only confirm "more than COUNT_CAP" after reading
 * 10,001 rows (16-50 ms for a common two-letter prefix at 1,000,000 rows,
 * which made it the slowest list request there is). The planner's figure
 * comes from ANALYZE samples; it overestimates an OR of correlated search
 * fields: on the bench's 1,000,000 users, 13 common terms were estimated at
 * 1.0-2.7 times their real count, never below it, so three times the cap
 * still means more than the cap.
 */
export const TRUST_ESTIMATE = 3 * COUNT_CAP;

/**
 * The planner's row count of a table (-1 before its first ANALYZE), as a
 * scalar subquery: a list selects it beside its rows, so an unfiltered page
 * needs no second statement for its total.
 */
export function tableEstimateSql(tableName: string): SQL<number> {
  // Written in, not a parameter, so that a prepared statement carrying it takes no value for it (PGlite's EXECUTE
  // takes literals only); a table name is a declaration's, never a request's.
  if (!/^[a-z_][a-z0-9_]*$/.test(tableName)) throw new Error(`Not a table name: ${tableName}`);
  return sql<number>`(SELECT reltuples::bigint::int FROM pg_class WHERE oid = to_regclass(${sql.raw(`'${tableName}'`)}))`;
}

async function tableEstimate(db: Db, tableName: string): Promise<number> {
  const res = await db.execute(sql`SELECT ${tableEstimateSql(tableName)} AS estimate`);
  return Number(rowsOf<{ estimate: number | null }>(res)[0]?.estimate ?? -1);
}

/** The planner's row estimate for `SELECT 1 FROM t WHERE where` (no rows read). */
export async function whereEstimate(db: Db, t: AnyTable, where: SQL): Promise<number> {
  const q = db
    .select({ one: sql`1` })
    .from(t)
    .where(where);
  const res = await db.execute(sql`EXPLAIN (FORMAT JSON) ${q}`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  let plan = row ? Object.values(row)[0] : undefined;
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : -1;
}

async function largestEstimate(db: Db, t: AnyTable, wheres: readonly SQL[]): Promise<number> {
  let largest = -1;
  for (const w of wheres) largest = Math.max(largest, await whereEstimate(db, t, w));
  return largest;
}

/**
 * Counts at most `cap` + 1 (COUNT_CAP) matching rows, so a search that matches most
 * of a big table stays cheap. An unfiltered list past the cap reports the
 * planner's estimate of the table size when there is one. When the planner
 * already expects far more than the cap (TRUST_ESTIMATE times cap / COUNT_CAP), no rows are read:
 * an unfiltered list reports the table estimate, a search the cap (inexact).
 * `known`: the table estimate when the caller already read it; `estimates`:
 * conditions whose largest estimate bounds the count of `where` from below,
 * when the planner cannot estimate `where` itself (listEstimates).
 */
export async function countRows(
  db: Db,
  t: AnyTable,
  where: SQL | undefined,
  tableName: string,
  known?: number,
  cap = COUNT_CAP,
  estimates?: readonly SQL[],
): Promise<Total> {
  let estimate: number | undefined = known;
  const trusted = (TRUST_ESTIMATE / COUNT_CAP) * cap;
  if (!where) {
    estimate ??= await tableEstimate(db, tableName);
    if (estimate >= trusted) return { total: estimate, exact: false };
  } else if ((await largestEstimate(db, t, estimates ?? [where])) >= trusted) {
    return { total: cap, exact: false };
  }
  const sub = db
    .select({ one: sql`1` })
    .from(t)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
  if (n <= cap) return { total: n, exact: true };
  if (!where) {
    estimate ??= await tableEstimate(db, tableName);
    if (estimate > cap) return { total: estimate, exact: false };
  }
  return { total: cap, exact: false };
}
