import { sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../../core/shared/resource';
import { auditLogs } from '../../../core/server/db/system-tables';
import { refTarget, tableOf } from '../../../core/server/db/resource-tables';
import { readableSql } from '../../../core/server/access/condition-sql';
import type { Access } from '../../../core/server/access/access';
import { asUuid } from './as-uuid';

/** The reader's access rules by resource name (only the resources they limit). */
export type LimitsByName = ReadonlyMap<string, Access>;

/** Whether a key is in a field list, as SQL (an empty list holds none). */
const keyIn = (key: SQL, fields: ReadonlySet<string>) => (fields.size ? sql`${key} IN ${[...fields]}` : sql`false`);

/**
 * One ref value of a diff as the reader sees its target: the entry keeps a
 * snapshot of it (`{_id, ...populated fields}`, or a bare id). A target
 * outside the reader's conditions (or deleted since, which can no longer be
 * tested) shows as null; a shown one keeps only the fields they read.
 */
function refValueShown(x: SQL, target: ResourceDef, access: Access): SQL {
  const allowed = readableSql(target, access);
  const t = tableOf(target);
  const visible = (id: SQL) => (allowed ? sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.id} = ${asUuid(id)} AND ${allowed})` : sql`true`);
  const trimmed = access.read
    ? sql`(SELECT jsonb_object_agg(k.key, k.value) FROM jsonb_each(${x}) k WHERE k.key = '_id' OR ${keyIn(sql`k.key`, access.read)})`
    : x;
  return sql`(CASE jsonb_typeof(${x})
      WHEN 'object' THEN (CASE WHEN ${visible(sql`${x}->>'_id'`)} THEN ${trimmed} ELSE 'null'::jsonb END)
      WHEN 'string' THEN (CASE WHEN ${visible(sql`${x} #>> '{}'`)} THEN ${x} ELSE 'null'::jsonb END)
      ELSE ${x} END)`;
}

/** One side (before or after) of a ref field's change: one ref, or a list of them (hidden ones left out). */
function refSideShown(side: SQL, target: ResourceDef, access: Access): SQL {
  const listed = sql`(SELECT coalesce(jsonb_agg(s.v) FILTER (WHERE s.v <> 'null'::jsonb), '[]'::jsonb)
      FROM (SELECT ${refValueShown(sql`el.value`, target, access)} AS v FROM jsonb_array_elements(${side}) el) s)`;
  return sql`(CASE WHEN jsonb_typeof(${side}) = 'array' THEN ${listed} ELSE ${refValueShown(side, target, access)} END)`;
}

/**
 * The diff of an entry of `r` as the reader sees it, or undefined when they
 * see it whole: only the fields of `r` they read, and each ref's before and
 * after as they may see its target.
 */
export function diffShownOf(r: ResourceDef, limits: LimitsByName): SQL | undefined {
  const own = limits.get(r.name);
  const refs = Object.entries(r.fields).flatMap(([field, def]) => {
    if (!def.ref) return [];
    const target = refTarget(r, field);
    const access = limits.get(target.name);
    return access ? [{ field, target, access }] : [];
  });
  if (!own?.read && !refs.length) return undefined;
  const value = refs.length
    ? sql`(CASE e.key ${sql.join(
        refs.map(
          ({ field, target, access }) =>
            sql`WHEN ${field} THEN jsonb_build_object('before', ${refSideShown(sql`e.value->'before'`, target, access)},
                                                    'after', ${refSideShown(sql`e.value->'after'`, target, access)})`,
        ),
        sql` `,
      )} ELSE e.value END)`
    : sql`e.value`;
  return sql`(SELECT coalesce(jsonb_object_agg(e.key, ${value}), '{}'::jsonb) FROM jsonb_each(${auditLogs.diff}) e
        WHERE ${own?.read ? keyIn(sql`e.key`, own.read) : sql`true`})`;
}
