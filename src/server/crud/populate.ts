import { eq, inArray } from 'drizzle-orm';
import { resourceByName } from '../../../resources';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { joinTableOf, tableOf } from '../db/resource-tables';
import type { ApiRecord } from './representation';
import { imagesOf } from './images-field';

/** Default fields shown of a record a list points at. */
const DEFAULT_POPULATE = ['name'];

/**
 * Replaces ref ids by `{_id, ...populate}` and fills refList fields with the
 * linked records, one query per field for the whole page.
 */
export async function populate(db: Db, r: ResourceDef, records: ApiRecord[]): Promise<void> {
  if (!records.length) return;
  for (const [field, def] of Object.entries(r.fields)) {
    if (def.type === 'images') {
      const byOwner = await imagesOf(
        db,
        r,
        field,
        records.map((x) => x._id),
      );
      for (const rec of records) rec[field] = byOwner.get(rec._id) ?? [];
      continue;
    }
    if (def.internal || (def.type !== 'ref' && def.type !== 'refList')) continue;
    const target = tableOf(resourceByName(def.ref!));
    const shown = def.populate ?? DEFAULT_POPULATE;
    const cols = Object.fromEntries([['id', target.id], ...shown.map((c) => [c, target[c]])]);
    const asObject = (row: Record<string, unknown>) => {
      const { id, ownerId: _owner, ...rest } = row;
      return { _id: String(id), ...rest };
    };
    if (def.type === 'ref') {
      const ids = [...new Set(records.map((x) => x[field]).filter((v): v is string => typeof v === 'string'))];
      if (!ids.length) continue;
      const rows = await db.select(cols).from(target).where(inArray(target.id, ids));
      const byId = new Map(rows.map((row) => [String(row.id), asObject(row)]));
      for (const rec of records) rec[field] = byId.get(String(rec[field])) ?? null;
    } else {
      const join = joinTableOf(r, field);
      const rows = await db
        .select({ ownerId: join.ownerId, ...cols })
        .from(join)
        .innerJoin(target, eq(target.id, join.targetId))
        .where(
          inArray(
            join.ownerId,
            records.map((x) => x._id),
          ),
        );
      const byOwner = new Map<string, unknown[]>();
      for (const row of rows as Record<string, unknown>[]) {
        const list = byOwner.get(String(row.ownerId)) ?? [];
        list.push(asObject(row));
        byOwner.set(String(row.ownerId), list);
      }
      for (const rec of records) rec[field] = byOwner.get(rec._id) ?? [];
    }
  }
}
