import { and, inArray } from 'drizzle-orm';
import { index, uuid } from 'drizzle-orm/pg-core';
import type { ServerFieldKind } from '../server/kind';
import { asPopulated, shownColumns } from '../server/populated';

export const ref: ServerFieldKind = {
  column: ({ field, def, name, refTable }) => {
    // A required link dies with its target; an optional one is cleared.
    const c = uuid(name).references(() => refTable().id, { onDelete: def.required ? 'cascade' : 'set null' });
    return [field, def.required ? c.notNull() : c];
  },
  // A version keeps the id: the target's name is the target's own history.
  versionValue: (v) => (v && typeof v === 'object' ? ((v as { _id?: unknown })._id ?? null) : (v ?? null)),
  indexes: ({ resource, name }, column) => [index(`${resource.table}_${name}_idx`).on(column)],
  /** Replaces ids by `{_id, ...populate}`, one query for the whole page. */
  populate: async ({ db, field, def, targetTable, targetLimits }, records) => {
    if (def.internal) return;
    const ids = [...new Set(records.map((x) => x[field]).filter((v): v is string => typeof v === 'string'))];
    if (!ids.length) return;
    const table = targetTable();
    const cols = shownColumns(table, def.populate, targetLimits?.read);
    const rows = await db
      .select(cols)
      .from(table)
      .where(and(inArray(table.id, ids), targetLimits?.where));
    const byId = new Map(rows.map((row) => [String(row.id), asPopulated(row)]));
    for (const rec of records) rec[field] = byId.get(String(rec[field])) ?? null;
  },
};
