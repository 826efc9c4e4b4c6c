import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import { ID_FIELD, ME, MY_ROLES, type Condition, type FieldTest } from '../../shared/access-rules';
import type { ResourceDef } from '../../shared/resource';
import { tableOf } from '../db/resource-tables';
import type { Access } from './access';

/** A test's value with `$me` and `$myRoles` replaced by the caller's. */
function valueOf(v: unknown, access: Access): unknown {
  if (v === ME) return access.me;
  if (v === MY_ROLES) return [...access.myRoles];
  return v;
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** One operator on one column. Rules are checked when stored (problemOf), so every operator here is known. */
function testSql(column: Column, op: string, raw: unknown, access: Access): SQL {
  const v = valueOf(raw, access);
  switch (op) {
    case 'eq':
      return eq(column, v);
    // A record without a value differs from every value.
    case 'ne':
      return sql`${column} IS DISTINCT FROM ${v}`;
    case 'in':
      return listOf(v).length ? inArray(column, listOf(v)) : sql`false`;
    case 'nin':
      return listOf(v).length ? sql`(${column} IS NULL OR ${column} NOT IN ${listOf(v)})` : sql`true`;
    case 'null':
      return v ? isNull(column) : isNotNull(column);
    case 'gt':
      return gt(column, v);
    case 'gte':
      return gte(column, v);
    case 'lt':
      return lt(column, v);
    case 'lte':
      return lte(column, v);
    default:
      // Unknown operators never pass: a rule that slipped past its check denies.
      return sql`false`;
  }
}

function conditionSql(r: ResourceDef, cond: Condition, access: Access): SQL {
  const t = tableOf(r);
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(cond)) {
    if (key === 'and' || key === 'or') {
      const nested = listOf(value).map((c) => conditionSql(r, c as Condition, access));
      parts.push((key === 'and' ? and(...nested) : or(...nested)) ?? sql`true`);
      continue;
    }
    const column = key === ID_FIELD ? t.id : Object.hasOwn(t, key) ? (t[key] as Column) : undefined;
    if (!column) {
      parts.push(sql`false`);
      continue;
    }
    for (const [op, raw] of Object.entries(value as FieldTest)) parts.push(testSql(column, op, raw, access));
  }
  return and(...parts) ?? sql`true`;
}

/** The records any of `conditions` allows, as SQL over the resource's table; undefined when all are allowed. */
export function allowedSql(r: ResourceDef, conditions: readonly Condition[] | null | undefined, access: Access): SQL | undefined {
  if (!conditions) return undefined;
  if (!conditions.length) return sql`false`;
  return or(...conditions.map((c) => conditionSql(r, c, access))) ?? sql`false`;
}

/** The records a caller reads. */
export const readableSql = (r: ResourceDef, access: Access | null | undefined) =>
  access ? allowedSql(r, access.where, access) : undefined;
/** The records a caller updates or deletes. */
export const writableSql = (r: ResourceDef, access: Access | null | undefined) =>
  access ? allowedSql(r, access.writeWhere, access) : undefined;
