import { and, asc, desc, eq, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
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
import { whereEstimate } from './count';

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

/** A term too short for trigrams matches prefixes: only in fields whose indexes serve one. */
const servedBy = (m: TermMatch<unknown>) => (def: ResourceDef, field: string) => m.form === 'substring' || searchOf(def, field).prefix;

/**
 * Target ids a term matches, looked up before a list searched through a ref
 * field, at most this many: a term the target holds rarely (a user's name
 * among 1,000,000) then finds its few links by index (0.5 ms) where walking
 * every link and probing its target took 40-60 ms at 100,000 links. Past it
 * the term is common, and the list's own order finds its first page soon.
 * A lookup that finds more was read for nothing, each row a page read on
 * PGlite's small buffers (5,001 users: 130 ms): so not many more.
 */
export const REF_IDS_CAP = 2000;

/**
 * The planner's estimate of a term's targets past which they are not read.
 * With the search indexes' statistics (SEARCH_STATISTICS_TARGET) it counts
 * an OR of correlated search fields (a name and an e-mail) up to twice
 * ("maria": 9,965 of 4,950 users); reading REF_IDS_CAP + 1 targets only to
 * find there are more costs 10 ms, which a term estimated at 4 times the
 * cap was paying on every search.
 */
const LOOKUP_ESTIMATE_FACTOR = 2;

/** Per ref field searched through: the target ids the term matches, or null when there are more than REF_IDS_CAP. */
export type RefMatches = ReadonlyMap<string, readonly string[] | null>;

/** A PostgreSQL array literal of ids the database gave (uuids: nothing to quote), sent as one parameter on either driver. */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

const REF_ALIAS = 'ref_target';

/** The ref fields a term searches through (user-roles: user, role), each with the target columns the caller reads. */
function refSearches(r: ResourceDef, access: Access | null | undefined, m: TermMatch<unknown>) {
  const served = servedBy(m);
  const refs = new Map<string, { targetDef: ResourceDef; target: AnyTable; columns: string[] }>();
  for (const f of searchableFor(r, access)) {
    if (!f.includes('.')) continue;
    const { field, target, column, targetDef } = refPath(r, f);
    if (!served(targetDef, column)) continue;
    const entry = refs.get(field) ?? { targetDef, target, columns: [] };
    entry.columns.push(column);
    refs.set(field, entry);
  }
  return refs;
}

/** The term on any of a target's searched columns, of `table` (the target's table or an alias of it). */
const targetMatch = (m: TermMatch<unknown>, targetDef: ResourceDef, table: AnyTable, columns: readonly string[]) =>
  or(...columns.map((c) => matchSql(m)(searchOf(targetDef, c).expr(table[c])))) as SQL;

/**
 * Looks the term up in the target of each ref field searched through:
 * the ids when the planner expects at most a few times REF_IDS_CAP and
 * there are at most REF_IDS_CAP, else null. (Read past the planner's
 * guess, a common term's lookup walks the table folding every value: 0.9 s
 * for "ma" over 1,000,000 users.)
 */
export async function refMatches(db: Db, r: ResourceDef, access: Access | null | undefined, m: TermMatch): Promise<RefMatches> {
  const found = new Map<string, readonly string[] | null>();
  for (const [field, { targetDef, target, columns }] of refSearches(r, access, m)) {
    const where = targetMatch(m, targetDef, target, columns);
    if ((await whereEstimate(db, target, where)) > LOOKUP_ESTIMATE_FACTOR * REF_IDS_CAP) {
      found.set(field, null);
      continue;
    }
    const rows = await db
      .select({ id: target.id })
      .from(target)
      .where(where)
      .limit(REF_IDS_CAP + 1);
    found.set(field, rows.length > REF_IDS_CAP ? null : rows.map((row) => String(row.id)));
  }
  return found;
}

/**
 * The ways a term matches a record, one condition each: each declared
 * search field the caller reads, or a ref field's target fields (by the
 * target ids `refs` found, or through a subquery). `count`: each in the
 * form a count is estimated and run in.
 */
function searchAlternatives(
  r: ResourceDef,
  access: Access | null | undefined,
  m: TermMatch<unknown>,
  refs: RefMatches | undefined,
  purpose: 'rows' | 'count',
): SQL[] {
  const t = tableOf(r);
  const match = matchSql(m);
  const served = servedBy(m);
  const alts: SQL[] = searchableFor(r, access).flatMap((f) => (!f.includes('.') && served(r, f) ? [match(searchOf(r, f).expr(t[f]))] : []));
  for (const [field, { targetDef, target, columns }] of refSearches(r, access, m)) {
    const ids = refs?.get(field);
    // None when the term matched no target.
    if (ids) {
      if (ids.length) alts.push(sql`${t[field]} = ANY(${uuidArray(ids)}::uuid[])`);
      continue;
    }
    if (purpose === 'count') {
      // Estimated as a semi-join, from the target's own statistics; counted (when the estimate is low) by hashing
      // the target's matches once, where probing the target for each row would read every row by index.
      alts.push(sql`${t[field]} IN (SELECT ${target.id} FROM ${target} WHERE ${targetMatch(m, targetDef, target, columns)})`);
      continue;
    }
    // A scalar subquery, which PostgreSQL never turns into a join: each row in the list's order probes its target by
    // id, and a page of a common term ends after a few hundred rows (5 ms, where a semi-join first hashed the
    // 108,438 users "son" matches: 1.7 s). The alias keeps the correlation right when a resource points at its own table.
    const other = alias(target as PgTable, REF_ALIAS) as unknown as AnyTable;
    const from = sql`${target} AS ${sql.identifier(REF_ALIAS)}`;
    alts.push(sql`(SELECT ${targetMatch(m, targetDef, other, columns)} FROM ${from} WHERE ${other.id} = ${t[field]})`);
  }
  return alts;
}

/**
 * A term over the declared search fields the caller reads; `false` when
 * they read none of them, and undefined when the resource declares none.
 */
export function searchSql(
  r: ResourceDef,
  access: Access | null | undefined,
  m: TermMatch<unknown>,
  refs?: RefMatches,
  purpose: 'rows' | 'count' = 'rows',
): SQL | undefined {
  // A term searched only in fields the caller may not read matches nothing.
  return or(...searchAlternatives(r, access, m, refs, purpose)) ?? (r.search.length ? sql`false` : undefined);
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
export function listWhere(
  r: ResourceDef,
  p: ListParams,
  access?: Access | null,
  refs?: RefMatches,
  purpose: 'rows' | 'count' = 'rows',
): SQL | undefined {
  const t = tableOf(r);
  const conds: SQL[] = [];
  const allowed = readableSql(r, access);
  if (allowed) conds.push(allowed);
  const q = p.q?.trim();
  const search = q ? searchSql(r, access, termMatch(q), refs, purpose) : undefined;
  if (search) conds.push(search);
  if (p.ids) conds.push(inArray(t.id, p.ids.split(',')));
  for (const { param, field, suffix, def } of givenFilters(r, p)) {
    const where = serverKindOf(def).filterWhere;
    conds.push(where ? where(t[field], p[param], suffix) : eq(t[field], p[param]));
  }
  return conds.length ? and(...conds) : undefined;
}

/**
 * Conditions whose row estimates bound a list's count from below, for
 * countRows, when a ref searched through a subquery (a common term) makes
 * its WHERE an OR the planner cannot estimate (it guesses 75% of the rows):
 * each way the term matches alone, a ref's as a semi-join.
 */
export function listEstimates(r: ResourceDef, p: ListParams & { q: string }, access: Access | null | undefined, refs: RefMatches): SQL[] {
  const rest = listWhere(r, { ...p, q: undefined }, access);
  return searchAlternatives(r, access, termMatch(p.q.trim()), refs, 'count').map((alt) => (rest ? (and(rest, alt) ?? alt) : alt));
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
