import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import { mayRead, type Access } from '../access/access';
import { searchableFor } from '../access/enforce';
import { isPglite, type Db } from '../db/client';
import { pglitePrepared, rowDecoder } from '../db/pglite-prepared';
import { pgNamedRows } from '../db/pg-named-rows';
import { tableOf } from '../db/resource-tables';
import { tableEstimateSql } from './count';
import { listOrder, narrowedBeyondSearch, searchSql, termMatch, type ListParams, type TermMatch } from './query';
import type { Row } from './representation';
import { selection } from './repository';

/** The key of the table's row estimate beside a page's rows: no declared field starts with `$` (resource-set.ts). */
export const TABLE_ESTIMATE = '$tableEstimate';

/** A page of rows; those of an unfiltered list carry the table estimate under TABLE_ESTIMATE. */
export type PageRows = (limit: number, offset: number) => Promise<Row[]>;
type Prepared = (values: Record<string, unknown>) => Promise<Row[]>;

/** Page shapes prepared at most, per database: past it, callers take the ordinary query. */
const MAX_SHAPES = 500;
const prepared = new WeakMap<Db, Map<string, Prepared>>();

/**
 * A list page whose query is built once per shape: building a query with
 * drizzle cost more CPU than PostgreSQL's work for a page of 25. Two shapes
 * are common enough to matter, every resource's first screen and its search
 * box; a list with a record rule, `ids` or a filter takes the ordinary query
 * (null, as past MAX_SHAPES).
 *
 * - No search: a named statement on PostgreSQL (run by pgNamedRows; a
 *   PREPAREd one on PGlite, see pglitePrepared), with the table's row
 *   estimate in the same statement: a full page's total on a big table
 *   (count.ts). A first page has its limit written in (plainPage).
 * - A search `q`: the text is built once, but sent unnamed, so PostgreSQL
 *   plans it for each term: a rare term and one matching every row need
 *   different plans.
 */
export function preparedPage(
  db: Db,
  r: ResourceDef,
  fields: readonly string[],
  p: ListParams,
  access: Access | null | undefined,
): PageRows | null {
  if (narrowedBeyondSearch(r, p, access)) return null;
  const q = p.q?.trim();
  const term = q ? termMatch(q) : undefined;
  // The order depends on the caller only by whether they read the default sort field (sortKey).
  const readsDefaultSort = mayRead(access, r.defaultSort.field.split('.')[0]);
  const searched = term ? [term.form, searchableFor(r, access)] : null;
  const shape = JSON.stringify([r.name, fields, p.sort ?? null, p.order ?? null, readsDefaultSort, searched]);
  let perDb = prepared.get(db);
  if (!perDb) prepared.set(db, (perDb = new Map()));
  let run = perDb.get(shape);
  if (!run) {
    if (perDb.size >= MAX_SHAPES) return null;
    // Within PostgreSQL's 63 characters of a name (PGlite's PREPARE cuts a longer one): the hash tells shapes apart.
    const nameOf = (variant: string) =>
      `list_${r.name.replace(/\W/g, '_').slice(0, 24)}_${createHash('sha256').update(shape).update(variant).digest('hex').slice(0, 16)}`;
    run = term ? searchPage(db, r, fields, p, access, term.form) : plainPage(db, r, fields, p, access, nameOf);
    perDb.set(shape, run);
  }
  const go = run;
  return (limit, offset) => go({ ...term, limit, offset });
}

/**
 * First-page statements (one per limit) at most per shape, and per database
 * over all shapes: past either, a first page takes its shape's statement with
 * parameters. They bound what callers choosing limits and sorts can make the
 * database hold (PGlite's memory never shrinks); the first limits asked for
 * keep their places.
 */
const MAX_FIRST_PAGE_LIMITS = 8;
const MAX_FIRST_PAGES = 64;
const firstPagesMade = new WeakMap<Db, number>();

/**
 * A page without search. Its first page, by far the most asked for, is a
 * statement of its own per limit, the limit written in and no offset: a
 * prepared statement whose LIMIT is a parameter is planned again on every
 * run, since PostgreSQL prices its plan without the value as if it returned
 * a tenth of the table, and so never settles on one plan. Planning sizes every
 * index of the table: on PGlite (each size read through its emulated file
 * system) a first page of users took 1.18 ms with the limit a parameter and
 * 0.28 ms with it written in; on PostgreSQL 227-273 us against 184-229 us.
 * Later pages keep the limit and offset as parameters.
 */
function plainPage(
  db: Db,
  r: ResourceDef,
  fields: readonly string[],
  p: ListParams,
  access: Access | null | undefined,
  nameOf: (variant: string) => string,
): Prepared {
  const statement = (statementName: string, firstLimit?: number) => pageStatement(db, r, fields, p, access, statementName, firstLimit);
  const anyPage = statement(nameOf(''));
  const firstPages = new Map<number, Prepared>();
  return (values) => {
    const { limit, offset } = values as { limit: number; offset: number };
    if (offset !== 0 || !Number.isSafeInteger(limit)) return anyPage(values);
    let first = firstPages.get(limit);
    if (!first) {
      const made = firstPagesMade.get(db) ?? 0;
      if (firstPages.size >= MAX_FIRST_PAGE_LIMITS || made >= MAX_FIRST_PAGES) return anyPage(values);
      firstPagesMade.set(db, made + 1);
      firstPages.set(limit, (first = statement(nameOf(`first ${limit}`), limit)));
    }
    return first(values);
  };
}

/** One statement of a page without search: `limit` written in (a first page) or, without it, the limit and offset as parameters. */
function pageStatement(
  db: Db,
  r: ResourceDef,
  fields: readonly string[],
  p: ListParams,
  access: Access | null | undefined,
  name: string,
  limit?: number,
): Prepared {
  const cols = selection(r, fields);
  const base = db
    .select({ ...cols, [TABLE_ESTIMATE]: tableEstimateSql(r.table).as('table_estimate') })
    .from(tableOf(r))
    .orderBy(...listOrder(r, p, access));
  // drizzle's builder keeps the limit it is given: each statement sets it once.
  const firstPage = limit === undefined ? undefined : base.limit(sql.raw(String(limit)) as unknown as number);
  if (isPglite(db)) {
    const query = firstPage ?? base.limit(sql.raw('$1') as unknown as number).offset(sql.raw('$2') as unknown as number);
    const page = pglitePrepared(db, name, firstPage ? [] : ['bigint', 'bigint'], query.getSQL());
    const decode = rowDecoder(cols, { [TABLE_ESTIMATE]: 'table_estimate' });
    const args = (values: Record<string, unknown>) => (firstPage ? [] : [String(values.limit), String(values.offset)]);
    return async (values) => (await page(args(values))).map(decode);
  }
  const query = firstPage ?? base.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  // The estimate is a number as the driver gives it, as drizzle's own mapping leaves an SQL expression's value.
  const page = pgNamedRows(db, name, query, { ...cols, [TABLE_ESTIMATE]: AS_GIVEN });
  return async (values) => (await page(values)) as Row[];
}

const AS_GIVEN = { mapFromDriverValue: (value: unknown) => value };

function searchPage(
  db: Db,
  r: ResourceDef,
  fields: readonly string[],
  p: ListParams,
  access: Access | null | undefined,
  form: TermMatch['form'],
): Prepared {
  const hole = (key: string) => sql.placeholder(key) as unknown as SQL;
  const term: TermMatch<unknown> = form === 'range' ? { form, low: hole('low'), high: hole('high') } : { form, pattern: hole('pattern') };
  const cols = selection(r, fields);
  const query = db
    .select(cols)
    .from(tableOf(r))
    .where(searchSql(r, access, term))
    .orderBy(...listOrder(r, p, access))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // No name: the text is built once, and PostgreSQL plans each term anew.
  const page = pgNamedRows(db, undefined, query, cols);
  return async (values) => (await page(values)) as Row[];
}
