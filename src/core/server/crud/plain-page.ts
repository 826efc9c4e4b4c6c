import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import { mayRead, type Access } from '../access/access';
import { isPglite, type Db } from '../db/client';
import { pglitePrepared } from '../db/pglite-prepared';
import { tableOf } from '../db/resource-tables';
import { tableEstimateSql } from './count';
import { listOrder, type ListParams } from './query';
import type { Row } from './representation';
import { selection } from './repository';

/** The key of the table's row estimate beside a page's rows: no declared field starts with `$` (resource-set.ts). */
export const TABLE_ESTIMATE = '$tableEstimate';

/** A page of rows, each carrying the table estimate under TABLE_ESTIMATE. */
export type PageRows = (limit: number, offset: number) => Promise<Row[]>;

/** Page shapes prepared at most, per database: past it, callers take the ordinary query. */
const MAX_SHAPES = 500;
const prepared = new WeakMap<Db, Map<string, PageRows>>();

/**
 * An unfiltered list (no search, filter or record rule: every resource's
 * first screen) prepared per shape, the fields read and the order, with the
 * limit and offset as its only values. Building a query with drizzle costs
 * more than PostgreSQL's work for a page of 25, and an unnamed statement is
 * planned anew on every request; a prepared one is built once and planned
 * once per connection (on PGlite, a PREPAREd statement: see pglitePrepared).
 * The table's row estimate comes in the same statement: a full page's total
 * on a big table (count.ts). Null past MAX_SHAPES.
 */
export function plainPage(
  db: Db,
  r: ResourceDef,
  fields: readonly string[],
  order: Pick<ListParams, 'sort' | 'order'>,
  access: Access | null | undefined,
): PageRows | null {
  // The order depends on the caller only by whether they read the default sort field (sortKey).
  const readsDefaultSort = mayRead(access, r.defaultSort.field.split('.')[0]);
  const shape = JSON.stringify([r.name, fields, order.sort ?? null, order.order ?? null, readsDefaultSort]);
  let perDb = prepared.get(db);
  if (!perDb) prepared.set(db, (perDb = new Map()));
  const known = perDb.get(shape);
  if (known) return known;
  if (perDb.size >= MAX_SHAPES) return null;
  const name = `list_${r.name.replace(/\W/g, '_')}_${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
  const t = tableOf(r);
  const cols = selection(r, fields);
  const orderBy = listOrder(r, order, access);
  let run: PageRows;
  if (isPglite(db)) {
    const query = db
      .select({ ...cols, [TABLE_ESTIMATE]: tableEstimateSql(r.table).as('table_estimate') })
      .from(t)
      .orderBy(...orderBy)
      .limit(sql.raw('$1') as unknown as number)
      .offset(sql.raw('$2') as unknown as number)
      .getSQL();
    const page = pglitePrepared(db, name, ['int', 'int'], query);
    // Raw rows are keyed by column name; map them as drizzle maps its own.
    const decode = Object.entries(cols).map(([key, col]) => [key, col.name, (v: unknown) => col.mapFromDriverValue(v)] as const);
    run = async (limit, offset) =>
      (await page([String(limit), String(offset)])).map((raw) => {
        const row: Row = Object.fromEntries(decode.map(([key, n, map]) => [key, raw[n] === null ? null : map(raw[n])]));
        row[TABLE_ESTIMATE] = raw.table_estimate;
        return row;
      });
  } else {
    const q = db
      .select({ ...cols, [TABLE_ESTIMATE]: tableEstimateSql(r.table) })
      .from(t)
      .orderBy(...orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
    run = async (limit, offset) => (await q.execute({ limit, offset })) as Row[];
  }
  perDb.set(shape, run);
  return run;
}
