import { and, or, sql, type Column, type SQL } from 'drizzle-orm';
import { ID_FIELD, ME, MY_ROLES, type Condition, type FieldTest } from '../../shared/access-rules';
import type { ResourceDef } from '../../shared/resource';
import { tableOf } from '../db/resource-tables';
import type { Access } from './access';

/**
 * How a condition's values go into SQL: as bind parameters (`params`), or
 * written in as literals with `$me` left to a placeholder (`literals`), which
 * makes the statement's text the same for every caller with the same rules,
 * so it can be prepared once.
 */
interface ValueWriter {
  one(v: unknown): SQL;
  list(vs: unknown[]): SQL;
}

function params(access: Access): ValueWriter {
  const resolve = (v: unknown) => (v === ME ? access.me : v);
  return {
    one: (v) => sql`${resolve(v)}`,
    list: (vs) =>
      sql`(${sql.join(
        (vs as unknown[]).map((v) => sql`${resolve(v)}`),
        sql`, `,
      )})`,
  };
}

/** A checked value (problemOf: text, finite number, boolean, date or id) as an SQL literal. */
function literal(v: unknown): SQL {
  if (typeof v === 'number' && Number.isFinite(v)) return sql.raw(String(v));
  if (typeof v === 'boolean') return sql.raw(v ? 'true' : 'false');
  if (typeof v === 'string' && !v.includes('\u0000')) return sql.raw(`'${v.replace(/'/g, "''")}'`);
  throw new Error('An access rule value cannot be written as a literal');
}

function literals(me: SQL): ValueWriter {
  const one = (v: unknown) => (v === ME ? me : literal(v));
  return { one, list: (vs) => sql`(${sql.join(vs.map(one), sql`, `)})` };
}

/** A test's values: `$myRoles` becomes the caller's role ids. */
const listOf = (v: unknown, access: Access | null): unknown[] =>
  v === MY_ROLES ? [...(access?.myRoles ?? [])] : Array.isArray(v) ? v : [];

/** One operator on one column. Rules are checked when stored (problemOf), so every operator here is known. */
function testSql(column: Column, op: string, v: unknown, w: ValueWriter, access: Access | null): SQL {
  switch (op) {
    case 'eq':
      return sql`${column} = ${w.one(v)}`;
    // A record without a value differs from every value.
    case 'ne':
      return sql`${column} IS DISTINCT FROM ${w.one(v)}`;
    case 'in': {
      const vs = listOf(v, access);
      return vs.length ? sql`${column} IN ${w.list(vs)}` : sql`false`;
    }
    case 'nin': {
      const vs = listOf(v, access);
      return vs.length ? sql`(${column} IS NULL OR ${column} NOT IN ${w.list(vs)})` : sql`true`;
    }
    case 'null':
      return v ? sql`${column} IS NULL` : sql`${column} IS NOT NULL`;
    case 'gt':
      return sql`${column} > ${w.one(v)}`;
    case 'gte':
      return sql`${column} >= ${w.one(v)}`;
    case 'lt':
      return sql`${column} < ${w.one(v)}`;
    case 'lte':
      return sql`${column} <= ${w.one(v)}`;
    default:
      // Unknown operators never pass: a rule that slipped past its check denies.
      return sql`false`;
  }
}

function conditionSql(r: ResourceDef, cond: Condition, w: ValueWriter, access: Access | null): SQL {
  const t = tableOf(r);
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(cond)) {
    if (key === 'and' || key === 'or') {
      const nested = (Array.isArray(value) ? value : []).map((c) => conditionSql(r, c as Condition, w, access));
      parts.push((key === 'and' ? and(...nested) : or(...nested)) ?? sql`true`);
      continue;
    }
    const column = key === ID_FIELD ? t.id : Object.hasOwn(t, key) ? (t[key] as Column) : undefined;
    if (!column) {
      parts.push(sql`false`);
      continue;
    }
    for (const [op, v] of Object.entries(value as FieldTest)) parts.push(testSql(column, op, v, w, access));
  }
  return and(...parts) ?? sql`true`;
}

function anySql(r: ResourceDef, conditions: readonly Condition[], w: ValueWriter, access: Access | null): SQL {
  if (!conditions.length) return sql`false`;
  return or(...conditions.map((c) => conditionSql(r, c, w, access))) ?? sql`false`;
}

/** The records any of `conditions` allows, as SQL over the resource's table; undefined when all are allowed. */
export function allowedSql(r: ResourceDef, conditions: readonly Condition[] | null | undefined, access: Access): SQL | undefined {
  return conditions ? anySql(r, conditions, params(access), access) : undefined;
}

/** The records a caller reads. */
export const readableSql = (r: ResourceDef, access: Access | null | undefined) =>
  access ? allowedSql(r, access.where, access) : undefined;
/** The records a caller updates or deletes. */
export const writableSql = (r: ResourceDef, access: Access | null | undefined) =>
  access ? allowedSql(r, access.writeWhere, access) : undefined;

/**
 * The records `conditions` allow with their values written in and `$me` as
 * `me` (a statement's parameter), for a statement prepared once per rule
 * shape; null when a condition needs `$myRoles`, which differs per caller.
 */
export function preparableSql(r: ResourceDef, conditions: readonly Condition[], me: SQL): SQL | null {
  if (JSON.stringify(conditions).includes(JSON.stringify(MY_ROLES))) return null;
  return anySql(r, conditions, literals(me), null);
}
