import { and, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import { csvFields, csvRow } from '../../shared/csv';
import type { Db } from '../db/client';
import { tableOf } from '../db/resource-tables';
import type { FileUrls } from '../../field-kinds/server/kind';
import { populate, type TargetAccess } from './populate';
import { listWhere, refMatches, sortKey, termMatch, type ListParams } from './query';
import { selection } from './repository';
import { toApi, type Row } from './representation';
import type { Access } from '../access/access';
import { readableFor } from '../access/enforce';

/** Rows read per query: small enough that memory stays flat, large enough that 1,000,000 rows are ~1,000 queries. */
export const EXPORT_BATCH = 1000;

/** Where the previous batch ended: the last row's sort value (as text, full precision) and id. */
interface Position {
  key: string | null;
  id: string;
}

/**
 * Rows after `at` in the list's order (sort value, then id, both in the
 * same direction; PostgreSQL puts NULLs last ascending, first descending).
 * Written as `expr <= key AND (...)` so a sort index serves the range.
 */
function after(expr: SQL | import('drizzle-orm').Column, id: import('drizzle-orm').Column, descending: boolean, at: Position): SQL {
  const { key, id: lastId } = at;
  if (!descending) {
    if (key === null) return and(isNull(expr), gt(id, lastId)) as SQL;
    return or(and(sql`${expr} >= ${key}`, or(sql`${expr} > ${key}`, gt(id, lastId))), isNull(expr)) as SQL;
  }
  if (key === null) return or(and(isNull(expr), lt(id, lastId)), isNotNull(expr)) as SQL;
  return and(sql`${expr} <= ${key}`, or(sql`${expr} < ${key}`, lt(id, lastId))) as SQL;
}

/**
 * A list's search, filters and order as CSV lines, read in batches by
 * keyset (each batch starts after the last row of the one before), never
 * holding more than one batch: a cursor would pin a connection (on PGlite,
 * the only one) for as long as the slowest client takes to download.
 * The first line names the fields; a UTF-8 BOM lets spreadsheets read Greek.
 */
export async function* exportCsv(
  db: Db,
  r: ResourceDef,
  p: Omit<ListParams, 'page' | 'limit'>,
  files: FileUrls,
  access?: Access | null,
  targets?: TargetAccess,
): AsyncGenerator<string> {
  const t = tableOf(r);
  const { expr, descending } = sortKey(r, p, access);
  const dir = descending ? sql`DESC` : sql`ASC`;
  const q = typeof p.q === 'string' ? p.q.trim() : undefined;
  const refs = q ? await refMatches(db, r, access, termMatch(q)) : undefined;
  const where = listWhere(r, { ...p, page: 1, limit: EXPORT_BATCH }, access, refs);
  const readable = readableFor(r, access);
  const columns = csvFields(r).filter((f) => readable.includes(f));
  const cols = { ...selection(r, readable), __key: sql<string | null>`(${expr})::text` };
  yield '\uFEFF' + columns.join(',') + '\r\n';
  let at: Position | null = null;
  for (;;) {
    const rows: Row[] = await db
      .select(cols)
      .from(t)
      .where(and(where, at ? after(expr, t.id, descending, at) : undefined))
      .orderBy(sql`${expr} ${dir}`, sql`${t.id} ${dir}`)
      .limit(EXPORT_BATCH);
    if (!rows.length) return;
    const last = rows[rows.length - 1];
    at = { key: (last.__key as string | null) ?? null, id: String(last.id) };
    const records = rows.map((row) => toApi(r, row, readable));
    await populate(db, r, records, files, access, targets);
    yield records.map((rec) => csvRow(r, rec, columns) + '\r\n').join('');
    if (rows.length < EXPORT_BATCH) return;
  }
}
