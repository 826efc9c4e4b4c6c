import { inArray } from 'drizzle-orm';
import type { ResourceDef } from '../../../core/shared/resource';
import { UUID_PATTERN } from '../../../core/field-kinds/kind';
import type { Db } from '../../../core/server/db/client';
import { tableOf } from '../../../core/server/db/resource-tables';
import { selection } from '../../../core/server/crud/repository';

const uuidRe = new RegExp(UUID_PATTERN);
const keyOf = (resource: string, id: string) => `${resource}\u0000${id}`;

export interface LabelledEntry {
  resource: string;
  recordId: string | null;
}

/**
 * What each entry's record is called now: its declaration's `recordLabel`
 * field (a user's name, a role's name), read in one query per resource for
 * a page of entries. Records since deleted, and resources without a label
 * (or not declared), have none: the entry shows the record's id.
 */
export async function recordLabels(
  db: Db,
  declared: readonly ResourceDef[],
  entries: readonly LabelledEntry[],
): Promise<(entry: LabelledEntry, reads?: (resource: string, field: string) => boolean) => string | null> {
  const wanted = new Map<ResourceDef, Set<string>>();
  for (const e of entries) {
    const def = declared.find((d) => d.name === e.resource);
    if (!def?.recordLabel || !e.recordId || !uuidRe.test(e.recordId)) continue;
    if (!wanted.has(def)) wanted.set(def, new Set());
    wanted.get(def)?.add(e.recordId);
  }
  const labels = new Map<string, string>();
  for (const [def, ids] of wanted) {
    const label = def.recordLabel && selection(def)[def.recordLabel];
    if (!label) continue;
    const t = tableOf(def);
    const rows = await db
      .select({ id: t.id, label })
      .from(t)
      .where(inArray(t.id, [...ids]));
    for (const row of rows) if (typeof row.label === 'string' && row.label !== '') labels.set(keyOf(def.name, String(row.id)), row.label);
  }
  // A label is the record's field: shown only to a reader who may read that field.
  const labelField = (resource: string) => declared.find((d) => d.name === resource)?.recordLabel ?? '';
  return (e, reads = () => true) =>
    e.recordId && reads(e.resource, labelField(e.resource)) ? (labels.get(keyOf(e.resource, e.recordId)) ?? null) : null;
}
