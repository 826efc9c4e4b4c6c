import { and, asc, desc, eq, exists, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { refTarget, tableOf, type AnyTable } from '../db/resource-tables';
import { serverKindOf } from '../../field-kinds/server';
import { filterParams } from '../../shared/list-filters';
import { mayRead, type Access } from '../access/access';
import { readableSql } from '../access/condition-sql';
import { searchableFor } from '../access/enforce';
import { foldSearchText } from '../../shared/search-fold';

export interface ListParams {
  page: number;
  limit: number;
  q?: string;
  sort?: string;
  order?: string;
  /** Only these records (`?ids=a,b`: react-admin's getMany). */
  ids?: string;
  [filter: string]: unknown;
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

/** `user.name` -> the ref field, the target's table and its column (with the target's declaration). */
function refPath(r: ResourceDef, dotted: string): { field: string; target: AnyTable; column: string; targetDef: ResourceDef } {
  const [field, column] = dotted.split('.');
  const targetDef = refTarget(r, field);
  return { field, target: tableOf(targetDef), column, targetDef };
}

/** How `q` searches a field: its kind says (tags compare their joined elements). */
function searchOf(r: ResourceDef, field: string) {
  const search = serverKindOf(r.fields[field]).search;
  if (!search) throw new Error(`${r.name}.${field} is not searchable`);
  return search;
}

/** Terms shorter than this match the start of a value rather than anywhere in it. */
export const MIN_SUBSTRING_TERM = 3;

/**
 * How a search term matches, and its values. Trigram indexes serve
 * substrings of three characters or more; a one- or two-letter term
 * anywhere in a value would mean reading the whole table, so it matches
 * prefixes instead, which the search_fold(column) text_pattern_ops indexes serve:
 * as the byte-wise range the index scans anyway, with no LIKE to re-check on
 * every row (a capped count of a common prefix reads 10,000 rows, and the
 * re-check was 40% of it), or as a LIKE when the range has no upper end.
 */
export type TermMatch<V = string> = { form: 'substring'; pattern: V } | { form: 'range'; low: V; high: V } | { form: 'prefix'; pattern: V };

export function termMatch(q: string): TermMatch {
  // Compared with each field's search_fold(value): the term is folded the same way (src/core/shared/search-fold.ts).
  const folded = foldSearchText(q);
  if (folded.length >= MIN_SUBSTRING_TERM) return { form: 'substring', pattern: `%${escapeLike(folded)}%` };
  const low = folded;
  const high = prefixUpperBound(low);
  return high === null ? { form: 'prefix', pattern: `${escapeLike(low)}%` } : { form: 'range', low, high };
}

/**
 * A folded term's match on a field's folded value (its kind's search
 * expression): its values may be placeholders (a prepared search,
 * prepared-page.ts).
 */
function matchSql(m: TermMatch<unknown>): (col: SQL | Column) => SQL {
  if (m.form === 'substring') return (col) => sql`${col} LIKE ${m.pattern}`;
  if (m.form === 'prefix') return (col) => sql`${col} LIKE ${m.pattern}`;
  return (col) => sql`(${col} ~>=~ ${m.low} AND ${col} ~<~ ${m.high})`;
}

/**
 * A term over the declared search fields the caller reads (a ref's target
 * field through a subquery); `false` when they read none of them, and
 * undefined when the resource declares none.
 */
export function searchSql(db: Db, r: ResourceDef, access: Access | null | undefined, m: TermMatch<unknown>): SQL | undefined {
  const t = tableOf(r);
  const match = matchSql(m);
  // A term too short for trigrams matches prefixes: only in fields whose indexes serve one.
  const served = (def: ResourceDef, field: string) => m.form === 'substring' || searchOf(def, field).prefix;
  const alts = searchableFor(r, access).flatMap((f) => {
    if (!f.includes('.')) return served(r, f) ? [match(searchOf(r, f).expr(t[f]))] : [];
    const { field, target, column, targetDef } = refPath(r, f);
    if (!served(targetDef, column)) return [];
    // EXISTS, not IN: the planner may probe the target by id for each row in the list's order and stop at the
    // page's end. An IN list is built whole first: every user for "@example", 45 s at 1,000,000 users.
    // The alias keeps the correlation right when a resource points at its own table.
    const other = alias(target as PgTable, 'ref_target') as unknown as AnyTable;
    return [
      exists(
        db
          .select({ one: sql`1` })
          .from(other)
          .where(and(eq(other.id, t[field]), match(searchOf(targetDef, column).expr(other[column])))),
      ),
    ];
  });
  // A term searched only in fields the caller may not read matches nothing.
  return or(...alts) ?? (r.search.length ? sql`false` : undefined);
}

/**
 * The least string above every string that starts with `prefix`, in the
 * byte order of text_pattern_ops: UTF-8 keeps code point order, so it is the
 * prefix with its last code point plus one (null when there is none).
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = [...prefix];
  const last = points.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return null;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return points.join('') + String.fromCodePoint(next);
}

/** The declared filters a list request gives a value. Own properties only: a polluted prototype never adds one. */
const givenFilters = (r: ResourceDef, p: ListParams) =>
  filterParams(r).filter(({ param }) => Object.hasOwn(p, param) && p[param] !== undefined);

/**
 * WHERE of a list: `q` over the declared search fields the caller reads,
 * exact filters, and the records the caller's access rules allow.
 */
export function listWhere(db: Db, r: ResourceDef, p: ListParams, access?: Access | null): SQL | undefined {
  const t = tableOf(r);
  const conds: SQL[] = [];
  const allowed = readableSql(r, access);
  if (allowed) conds.push(allowed);
  const q = p.q?.trim();
  const search = q ? searchSql(db, r, access, termMatch(q)) : undefined;
  if (search) conds.push(search);
  if (p.ids) conds.push(inArray(t.id, p.ids.split(',')));
  for (const { param, field, suffix, def } of givenFilters(r, p)) {
    const where = serverKindOf(def).filterWhere;
    conds.push(where ? where(t[field], p[param], suffix) : eq(t[field], p[param]));
  }
  return conds.length ? and(...conds) : undefined;
}

/** Whether a list narrows its records by anything but `q`: a record rule, `ids` or a filter. */
export function narrowedBeyondSearch(r: ResourceDef, p: ListParams, access?: Access | null): boolean {
  return Boolean(p.ids || readableSql(r, access) || givenFilters(r, p).length);
}

/**
 * What a list is ordered by: the sort field's value (a column, or a ref's
 * target column) and the direction; ties by id. A caller who may not read the
 * declaration's default sort field gets the records by id instead: an order
 * by a hidden value would tell something of it. (A sort they ask for on such
 * a field was refused before this.)
 */
export function sortKey(
  r: ResourceDef,
  p: Pick<ListParams, 'sort' | 'order'>,
  access?: Access | null,
): { expr: SQL | Column; descending: boolean } {
  const t = tableOf(r);
  if (!p.sort && !mayRead(access, r.defaultSort.field.split('.')[0])) return { expr: t.id, descending: false };
  const field = p.sort ?? r.defaultSort.field;
  const descending = (p.order ?? (p.sort ? 'ASC' : r.defaultSort.order)).toUpperCase() === 'DESC';
  if (field.includes('.')) {
    const { field: ref, target, column } = refPath(r, field);
    return { expr: sql`(SELECT ${target[column]} FROM ${target} WHERE ${target.id} = ${t[ref]})`, descending };
  }
  return { expr: t[field], descending };
}

export function listOrder(r: ResourceDef, p: Pick<ListParams, 'sort' | 'order'>, access?: Access | null): SQL[] {
  const { expr, descending } = sortKey(r, p, access);
  const dir = descending ? desc : asc;
  return [dir(expr), dir(tableOf(r).id)];
}
