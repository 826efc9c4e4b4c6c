import { and, eq, inArray } from 'drizzle-orm';
import { index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import type { ServerFieldKind } from '../server/kind';
import { asPopulated, shownColumns } from '../server/populated';

/** Ids kept in a join table (owner_id, target_id). */
export const refList: ServerFieldKind = {
  sideTable: ({ ownTable, refTable }, tableName) =>
    pgTable(
      tableName,
      {
        ownerId: uuid('owner_id')
          .notNull()
          .references(() => ownTable().id, { onDelete: 'cascade' }),
        targetId: uuid('target_id')
          .notNull()
          .references(() => refTable().id, { onDelete: 'cascade' }),
      },
      (t) => [primaryKey({ columns: [t.ownerId, t.targetId] }), index(`${tableName}_target_idx`).on(t.targetId)],
    ),
  versionValue: (v) => (Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? (x as { _id?: unknown })._id : x)) : []),
  related: {
    plan: async (_c, value) => [...new Set((value as string[] | null) ?? [])],
    apply: async (tx, { sideTable }, ids, ownerId, replace) => {
      const join = sideTable();
      if (replace) await tx.delete(join).where(eq(join.ownerId, ownerId));
      const list = ids as string[];
      if (list.length) await tx.insert(join).values(list.map((targetId) => ({ ownerId, targetId })));
      return undefined;
    },
  },
  /** Fills each record with its linked records (`{_id, ...populate}`), one query for the page. */
  populate: async ({ db, field, def, sideTable, targetTable, targetLimits }, records) => {
    if (def.internal) return;
    const table = targetTable();
    const cols = shownColumns(table, def.populate, targetLimits?.read);
    const join = sideTable();
    const rows = await db
      .select({ ownerId: join.ownerId, ...cols })
      .from(join)
      .innerJoin(table, eq(table.id, join.targetId))
      .where(
        and(
          inArray(
            join.ownerId,
            records.map((x) => x._id),
          ),
          targetLimits?.where,
        ),
      );
    const byOwner = new Map<string, unknown[]>();
    for (const row of rows as Record<string, unknown>[]) {
      const list = byOwner.get(String(row.ownerId)) ?? [];
      list.push(asPopulated(row));
      byOwner.set(String(row.ownerId), list);
    }
    for (const rec of records) rec[field] = byOwner.get(rec._id) ?? [];
  },
};
