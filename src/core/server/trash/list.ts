import { and, count, desc, eq } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { trash } from '../db/system-tables';
import { users } from '../db/schema-users';
import { tableOf, ROW_VERSION } from '../db/resource-tables';
import { serverKindOf } from '../../field-kinds/server';
import type { FileUrls } from '../../field-kinds/server/kind';
import type { Access } from '../access/access';
import { readableFor } from '../access/enforce';
import { populate, type TargetAccess } from '../crud/populate';
import { toApi, type ApiRecord, type Row } from '../crud/representation';
import { pageOffset } from '../../shared/api/paging';
import { trashedVisible } from './store';

/** A trashed row (keyed by column) as the repository keys rows (by field). */
function asRow(r: ResourceDef, json: Record<string, unknown>): Row {
  const t = tableOf(r);
  const row: Row = { id: json.id, [ROW_VERSION]: json.row_version };
  // Fields kept under another key (a password's hash) are never shown: only a field's own column is read.
  for (const [f, def] of Object.entries(r.fields)) if (serverKindOf(def).column && t[f]) row[f] = json[t[f].name];
  return row;
}

export interface TrashedRecord extends ApiRecord {
  _deletedAt: string;
  _deletedBy: { _id: string; name: string | null } | null;
}

/** A page of a resource's trash as the caller may see it: their records, their fields, newest deletion first. */
export async function listTrash(
  db: Db,
  r: ResourceDef,
  page: number,
  limit: number,
  files: FileUrls,
  access: Access | null | undefined,
  targets?: TargetAccess,
): Promise<{ data: TrashedRecord[]; total: number }> {
  const where = and(eq(trash.resource, r.name), trashedVisible(r, access));
  const rows = await db
    .select({ row: trash.row, at: trash.deletedAt, by: trash.deletedBy, byName: users.name })
    .from(trash)
    .leftJoin(users, eq(users.id, trash.deletedBy))
    .where(where)
    .orderBy(desc(trash.deletedAt), desc(trash.recordId))
    .limit(limit)
    .offset(pageOffset(page, limit));
  const [{ n }] = await db.select({ n: count() }).from(trash).where(where);
  const fields = readableFor(r, access);
  const records = rows.map((x) => toApi(r, asRow(r, x.row as Record<string, unknown>), fields));
  // Refs show their targets as now; the record's own tables went with it, so lists (pictures) are empty here.
  await populate(db, r, records, files, access, targets);
  const data = records.map((rec, i) => ({
    ...rec,
    _deletedAt: new Date(rows[i].at).toISOString(),
    _deletedBy: rows[i].by ? { _id: String(rows[i].by), name: rows[i].byName } : null,
  }));
  return { data, total: Number(n) };
}
