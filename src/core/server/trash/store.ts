import { uuidList } from './catalog';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { recordVersions, trash, versionFiles, versionsOf } from '../db/system-tables';
import { inTransaction } from '../db/transaction';
import type { FileStorage } from '../storage/file-storage';
import type { Access } from '../access/access';
import { readableSql, writableSql } from '../access/condition-sql';
import { releaseFile } from '../versions/retention';
import { captureRecord, type ClearedLinks, type TakenRows } from './capture';
import { insertableColumns } from './catalog';
import { FOREIGN_KEY_VIOLATION, pgCode } from '../crud/db-errors';
import { recordAudit, type AuditActor } from '../audit/record';

/** What a trash entry keeps besides the row. */
interface Related {
  taken: TakenRows[];
  cleared: ClearedLinks[];
}

/**
 * Moves a record to the trash inside its delete's transaction, before the
 * row goes: its row and what the delete takes with it or clears. The delete
 * itself runs next, in the same transaction.
 */
export async function trashRecord(tx: Db, r: ResourceDef, id: string, actorId: string | null | undefined): Promise<void> {
  const captured = await captureRecord(tx, r.table, id);
  if (!captured) return;
  const related: Related = { taken: captured.taken, cleared: captured.cleared };
  await tx
    .insert(trash)
    .values({ resource: r.name, recordId: id, deletedBy: actorId ?? null, row: captured.row, related })
    .onConflictDoUpdate({
      target: [trash.resource, trash.recordId],
      set: { deletedAt: sql`now()`, deletedBy: actorId ?? null, row: captured.row, related },
    });
}

/**
 * The trashed records a caller with access rules may see: their rules'
 * conditions hold for the record as it was (its row, read back as the
 * resource's table, so the same SQL decides as for a live record).
 */
export function trashedVisible(r: ResourceDef, access: Access | null | undefined): SQL | undefined {
  const cond = and(readableSql(r, access), writableSql(r, access));
  if (!cond) return undefined;
  const t = sql.identifier(r.table);
  return sql`EXISTS (SELECT 1 FROM jsonb_populate_record(NULL::${t}, ${trash.row}) AS ${t} WHERE ${cond})`;
}

/** A trash entry the caller may act on, or undefined. */
export async function trashEntry(db: Db, r: ResourceDef, id: string, access: Access | null | undefined) {
  const [entry] = await db
    .select({ row: trash.row, related: trash.related })
    .from(trash)
    .where(and(eq(trash.resource, r.name), eq(trash.recordId, id), trashedVisible(r, access)));
  return entry as { row: Record<string, unknown>; related: Related } | undefined;
}

/** Puts one JSON row back into its table (its own columns only, as they were). */
async function insertRow(tx: Db, table: string, row: Record<string, unknown>, keepExisting = false): Promise<void> {
  const cols = sql.join(
    (await insertableColumns(tx, table)).map((c) => sql.identifier(c)),
    sql`, `,
  );
  const t = sql.identifier(table);
  const source = sql`SELECT ${cols} FROM jsonb_populate_record(NULL::${t}, ${row}::jsonb)`;
  await tx.execute(
    keepExisting ? sql`INSERT INTO ${t} (${cols}) ${source} ON CONFLICT DO NOTHING` : sql`INSERT INTO ${t} (${cols}) ${source}`,
  );
}

/**
 * Brings back what the delete took, each row on its own: a row whose other
 * end is gone since (a role deleted meanwhile) stays out rather than failing
 * the whole restore.
 */
async function restoreRelated(tx: Db, related: Related, id: string): Promise<void> {
  for (const { table, rows } of related.taken)
    for (const row of rows) {
      try {
        await tx.transaction((sp) => insertRow(sp as unknown as Db, table, row, true));
      } catch (err) {
        if (pgCode(err) !== FOREIGN_KEY_VIOLATION) throw err;
      }
    }
  for (const { table, column, ids } of related.cleared)
    await tx.execute(
      sql`UPDATE ${sql.identifier(table)} SET ${sql.identifier(column)} = ${id} WHERE id IN (${uuidList(ids)}) AND ${sql.identifier(column)} IS NULL`,
    );
}

/** Inside a restore's transaction: the row, what it took, its entry gone, and its version counted as a change. */
export async function putBack(
  tx: Db,
  r: ResourceDef,
  id: string,
  entry: { row: Record<string, unknown>; related: Related },
): Promise<void> {
  // A unique value taken since fails here: the restore is a 409 naming the field.
  await insertRow(tx, r.table, entry.row);
  await restoreRelated(tx, entry.related, id);
  await tx.delete(trash).where(and(eq(trash.resource, r.name), eq(trash.recordId, id)));
  await tx.execute(sql`UPDATE ${sql.identifier(r.table)} SET row_version = row_version + 1 WHERE id = ${id}`);
}

/** Who purges and why: a person (`purge`), or the server past the retention (`purge-expired`, nobody acting). */
export interface PurgeBy {
  actor: AuditActor;
  action: 'purge' | 'purge-expired';
}

/**
 * Deletes a record for good: its trash entry, its versions, and the files
 * only they kept (unless a live record shows them), with an audit entry in
 * the same transaction. Returns whether there was anything to purge.
 */
export async function purgeRecord(
  db: Db,
  r: ResourceDef | undefined,
  resource: string,
  id: string,
  storage: FileStorage,
  by: PurgeBy,
): Promise<boolean> {
  const { found, keys } = await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${resource}), hashtext(${id}))`);
    const gone = await tx
      .delete(trash)
      .where(and(eq(trash.resource, resource), eq(trash.recordId, id)))
      .returning({ id: trash.recordId });
    const versions = await tx.delete(recordVersions).where(versionsOf(resource, id)).returning({ v: recordVersions.version });
    const files = await tx
      .delete(versionFiles)
      .where(and(eq(versionFiles.resource, resource), eq(versionFiles.recordId, id)))
      .returning({ key: versionFiles.key });
    const found = gone.length + versions.length > 0;
    if (found) await recordAudit(tx, by.actor, { action: by.action, resource, recordId: id });
    return { found, keys: files.map((f) => f.key) };
  });
  if (r) for (const key of keys) await releaseFile(db, r, storage, key);
  return found;
}
