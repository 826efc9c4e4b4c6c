import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../../core/shared/resource';
import type { Db } from '../../../core/server/db/client';
import { auditLogs } from '../../../core/server/db/system-tables';
import { tableOf } from '../../../core/server/db/resource-tables';
import { accessThrough } from '../../../core/server/access/route-access';
import { readableSql } from '../../../core/server/access/condition-sql';
import { mayRead, type Access } from '../../../core/server/access/access';
import type { AuthContext } from '../../../core/server/types';
import { ruleResourceOf } from '../../../core/shared/access-rules';
import { diffShownOf } from './diff-shown';
import { asUuid } from './as-uuid';

/**
 * What of the trail a reader sees under their access rules (each resource's
 * rules through its list route): entries about records their conditions
 * exclude are left out (also a record since deleted, which can no longer be
 * tested), and a diff keeps only the fields they read, each ref in it as
 * they may see its target (diff-shown.ts). `diff` is the SQL of
 * the diff as shown, which the search and the field filter use too, so
 * neither can find a hidden value.
 */
export interface AuditVisibility {
  where: SQL | undefined;
  diff: SQL;
  /** Who acted, as the reader's rules on users let them see that user: id, and e-mail when they read e-mails. */
  actorId: SQL;
  actorEmail: SQL;
  /** Whether the reader may see `field` of `resource` (a record label, say). */
  reads(resource: string, field: string): boolean;
}

/** The table an entry's actor is a row of. */
const USERS_TABLE = 'users';

const WHOLE_ACTOR = { actorId: sql`${auditLogs.actorId}`, actorEmail: sql`${auditLogs.actorEmail}` };
const WHOLE: AuditVisibility = { where: undefined, diff: sql`${auditLogs.diff}`, ...WHOLE_ACTOR, reads: () => true };

/**
 * The actor is a user: a reader whose rules on users leave that user out
 * sees no actor (not even the id, which would tell the account exists), and
 * one who may not read e-mails sees no e-mail.
 */
function actorShown(users: ResourceDef, access: Access | undefined): Pick<AuditVisibility, 'actorId' | 'actorEmail'> {
  if (!access) return WHOLE_ACTOR;
  const allowed = readableSql(users, access);
  const t = tableOf(users);
  const inside = allowed ? sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.id} = ${auditLogs.actorId} AND ${allowed})` : undefined;
  const when = (value: SQL) => (inside ? sql`(CASE WHEN ${inside} THEN ${value} END)` : value);
  return {
    actorId: when(sql`${auditLogs.actorId}`),
    actorEmail: mayRead(access, 'email') ? when(sql`${auditLogs.actorEmail}`) : sql`NULL::text`,
  };
}

/** Entries of `r` whose record the reader's conditions allow. */
function recordsShown(r: ResourceDef, access: Access): SQL | undefined {
  const allowed = readableSql(r, access);
  if (!allowed) return undefined;
  const t = tableOf(r);
  const inside = sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.id} = ${asUuid(sql`${auditLogs.recordId}`)} AND ${allowed})`;
  return sql`NOT (${eq(auditLogs.resource, r.name)} AND (${auditLogs.recordId} IS NULL OR NOT ${inside}))`;
}

export async function auditVisibility(db: Db, auth: AuthContext, declared: readonly ResourceDef[]): Promise<AuditVisibility> {
  if (auth.superadmin) return WHOLE;
  const limited: [ResourceDef, Access][] = [];
  for (const r of declared) {
    const access = await accessThrough(db, auth, 'GET', r.api, ruleResourceOf(r));
    if (access) limited.push([r, access]);
  }
  if (!limited.length) return WHOLE;
  const shown = limited.map(([r, a]) => recordsShown(r, a)).filter((c): c is SQL => c !== undefined);
  const byName = new Map(limited.map(([r, a]) => [r.name, a]));
  const cases = declared.flatMap((r) => {
    const shownDiff = diffShownOf(r, byName);
    return shownDiff ? [sql`WHEN ${auditLogs.resource} = ${r.name} THEN ${shownDiff}`] : [];
  });
  const diff = cases.length
    ? sql`(CASE WHEN ${isNotNull(auditLogs.diff)} THEN (CASE ${sql.join(cases, sql` `)} ELSE ${auditLogs.diff} END) END)`
    : sql`${auditLogs.diff}`;
  const users = declared.find((r) => r.table === USERS_TABLE && !r.source);
  return {
    where: shown.length ? and(...shown) : undefined,
    diff,
    ...(users ? actorShown(users, byName.get(users.name)) : WHOLE_ACTOR),
    reads: (resource, field) => {
      const read = byName.get(resource)?.read;
      return !read || read.has(field);
    },
  };
}
