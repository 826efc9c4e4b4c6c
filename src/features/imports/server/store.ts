import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { importErrors, imports } from '../../../core/server/db/system-tables';
import { ERRORS_SHOWN, type ImportStatusBody } from '../contract';
import type { Mapping } from './mapping';

export type ImportRow = typeof imports.$inferSelect;

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export const noCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0, failed: 0 });

/** One problem of one row, as stored (`raw`: the row as it was, for errors.csv). */
export interface RowError {
  line: number;
  column: string | null;
  value: string | null;
  message: string;
  raw: unknown;
}

/** An import of its owner's; undefined for anyone else's (they see none). */
export async function ownImport(db: Db, id: string, ownerId: string, resource: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.ownerId, ownerId), eq(imports.resource, resource)));
  return row;
}

/** The import as its status answer shows it, with its first errors. */
export async function statusOf(db: Db, row: ImportRow): Promise<ImportStatusBody> {
  const errors = await db
    .select({ line: importErrors.line, column: importErrors.column, value: importErrors.value, message: importErrors.message })
    .from(importErrors)
    .where(eq(importErrors.importId, row.id))
    .orderBy(asc(importErrors.seq))
    .limit(ERRORS_SHOWN);
  const [{ n }] = await db.select({ n: count() }).from(importErrors).where(eq(importErrors.importId, row.id));
  return {
    id: row.id,
    resource: row.resource,
    fileName: row.fileName,
    format: row.format,
    columns: row.columns as string[],
    mapping: row.mapping as Mapping,
    state: row.state as ImportStatusBody['state'],
    mode: row.mode as ImportStatusBody['mode'],
    action: row.action as ImportStatusBody['action'],
    key: row.keyField,
    atomic: row.atomic,
    progress: { rows: row.rowsDone, total: row.totalRows },
    result: row.result as Counts,
    errors,
    errorCount: Number(n),
    message: row.message,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Stores errors from `seq` on, in statements of a few hundred rows. */
export async function insertErrors(db: Db, importId: string, from: number, errors: readonly RowError[]): Promise<void> {
  for (let i = 0; i < errors.length; i += 500) {
    const slice = errors.slice(i, i + 500);
    await db.insert(importErrors).values(
      slice.map((e, j) => ({
        importId,
        seq: from + i + j + 1,
        line: e.line,
        column: e.column,
        value: e.value,
        message: e.message,
        raw: e.raw === undefined ? null : (e.raw as object),
      })),
    );
  }
}

/** The number the next error gets (errors of batches committed before a resume are kept). */
export async function lastErrorSeq(db: Db, importId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`COALESCE(MAX(${importErrors.seq}), 0)::int` })
    .from(importErrors)
    .where(eq(importErrors.importId, importId));
  return Number(row?.n ?? 0);
}
