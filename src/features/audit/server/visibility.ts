import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../../core/shared/resource';
import type { Db } from '../../../core/server/db/client';
import { auditLogs } from '../../../core/server/db/system-tables';
import { tableOf } from '../../../core/server/db/resource-tables';
import { accessThrough } from '../../../core/server/access/route-access';
import { readableSql } from '../../../core/server/access/condition-sql';
import type { Access } from '../../../core/server/access/access';
import type { AuthContext } from '../../../core/server/types';
import { ruleResourceOf } from '../../../core/shared/access-rules';

/**
 * What of the trail a reader sees under their access rules (each resource's
 * rules through its list route): entries about records their conditions
 * exclude are left out (also a record since deleted, which can no longer be
 * tested), and a diff keeps only the fields they read. `diff` is the SQL of
 * the diff as shown, which the search and the field filter use too, so
 * neither can find a hidden value.
 */
export interface AuditVisibility {
  where: SQL | undefined;
  diff: SQL;
  /** Whether the reader may see `field` of `resource` (a record label, say). */
  reads(resource: string, field: string): boolean;
}

const WHOLE: AuditVisibility = { where: undefined, diff: sql`${auditLogs.diff}`, reads: () => true };

/** Entries of `r` whose record the reader's conditions allow. */
function recordsShown(r: ResourceDef, access: Access): SQL | undefined {
  const allowed = readableSql(r, access);
  if (!allowed) return undefined;
  const t = tableOf(r);
  const inside = sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.id}::text = ${auditLogs.recordId} AND ${allowed})`;
  return sql`NOT (${eq(auditLogs.resource, r.name)} AND (${auditLogs.recordId} IS NULL OR NOT ${inside}))`;
}

/** The diff of entries of `r` with only the fields in `read`. */
const keptFields = (read: ReadonlySet<string>) =>
  sql`(SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) FROM jsonb_each(${auditLogs.diff}) e
        WHERE ${read.size ? sql`e.key IN ${[...read]}` : sql`false`})`;

export async function auditVisibility(db: Db, auth: AuthContext, declared: readonly ResourceDef[]): Promise<AuditVisibility> {
  if (auth.superadmin) return WHOLE;
  const limited: [ResourceDef, Access][] = [];
  for (const r of declared) {
    const access = await accessThrough(db, auth, 'GET', r.api, ruleResourceOf(r));
    if (access) limited.push([r, access]);
  }
  if (!limited.length) return WHOLE;
  const shown = limited.map(([r, a]) => recordsShown(r, a)).filter((c): c is SQL => c !== undefined);
  const cases = limited
    .filter(([, a]) => a.read)
    .map(([r, a]) => sql`WHEN ${auditLogs.resource} = ${r.name} THEN ${keptFields(a.read as ReadonlySet<string>)}`);
  const diff = cases.length
    ? sql`(CASE WHEN ${isNotNull(auditLogs.diff)} THEN (CASE ${sql.join(cases, sql` `)} ELSE ${auditLogs.diff} END) END)`
    : sql`${auditLogs.diff}`;
  const byName = new Map(limited.map(([r, a]) => [r.name, a]));
  return {
    where: shown.length ? and(...shown) : undefined,
    diff,
    reads: (resource, field) => {
      const read = byName.get(resource)?.read;
      return !read || read.has(field);
    },
  };
}
