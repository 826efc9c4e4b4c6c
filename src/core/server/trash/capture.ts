import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { ENDS_WITH_RECORD } from '../db/system-tables';
import { fromCatalog, uuidList } from './catalog';

/** A foreign key pointing at a table: the table holding it, its column, and what a delete does to it. */
interface Reference {
  child: string;
  column: string;
  /** c: the rows go with the parent (cascade); n: the column is cleared (set null). */
  action: 'c' | 'n';
}

/** Rows a record's delete took with it, by table, parents before children. */
export interface TakenRows {
  table: string;
  rows: Record<string, unknown>[];
}

/** Links a record's delete cleared: restoring it sets them again where still empty. */
export interface ClearedLinks {
  table: string;
  column: string;
  ids: string[];
}

export interface Captured {
  row: Record<string, unknown>;
  taken: TakenRows[];
  cleared: ClearedLinks[];
}

/**
 * Single-column foreign keys pointing at `table`, read from the catalog: the
 * schema says what a delete takes with it, so no feature lists it by hand.
 */
const referencesTo = (db: Db, table: string) => fromCatalog(`refs:${table}`, () => readReferences(db, table));

async function readReferences(db: Db, table: string): Promise<Reference[]> {
  return rowsOf<Reference>(
    await db.execute(sql`
      SELECT c.conrelid::regclass::text AS child, a.attname AS "column", c.confdeltype AS action
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = ${table}::regclass AND array_length(c.conkey, 1) = 1 AND c.confdeltype IN ('c', 'n')
      ORDER BY 1, 2`),
  );
}

/** Whether a table has an `id` column (rows a cleared link can be found by again). */
const hasId = (db: Db, table: string) => fromCatalog(`id:${table}`, () => readHasId(db, table));

async function readHasId(db: Db, table: string): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM pg_attribute WHERE attrelid = ${table}::regclass AND attname = 'id' AND NOT attisdropped`,
    ),
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** How deep cascades are followed: a user -> their role links; a role -> its join rows. */
const MAX_DEPTH = 3;

/** The rows of `child` whose `column` is one of `ids`, as JSON. */
async function rowsWhere(db: Db, child: string, column: string, ids: readonly string[]): Promise<Record<string, unknown>[]> {
  const found = rowsOf<{ r: Record<string, unknown> }>(
    await db.execute(sql`SELECT to_jsonb(t.*) AS r FROM ${sql.identifier(child)} t WHERE ${sql.identifier(column)} IN (${uuidList(ids)})`),
  );
  return found.map((x) => x.r);
}

async function follow(db: Db, table: string, ids: readonly string[], depth: number, out: Captured): Promise<void> {
  if (!ids.length || depth > MAX_DEPTH) return;
  for (const ref of await referencesTo(db, table)) {
    if (ENDS_WITH_RECORD.has(ref.child)) continue;
    const rows = await rowsWhere(db, ref.child, ref.column, ids);
    if (!rows.length) continue;
    if (ref.action === 'n') {
      if (await hasId(db, ref.child)) out.cleared.push({ table: ref.child, column: ref.column, ids: rows.map((r) => String(r.id)) });
      continue;
    }
    out.taken.push({ table: ref.child, rows });
    const childIds = rows.map((r) => r.id).filter((v): v is string => typeof v === 'string');
    if (childIds.length) await follow(db, ref.child, childIds, depth + 1, out);
  }
}

/**
 * A record's row and everything its delete would take with it or clear,
 * read inside the delete's transaction just before it.
 */
export async function captureRecord(db: Db, table: string, id: string): Promise<Captured | undefined> {
  const [row] = await rowsWhere(db, table, 'id', [id]);
  if (!row) return undefined;
  const out: Captured = { row, taken: [], cleared: [] };
  await follow(db, table, [id], 1, out);
  return out;
}
