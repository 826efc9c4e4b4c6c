import { index, integer, pgTable, uniqueIndex, uuid, type PgColumnBuilderBase } from 'drizzle-orm/pg-core';
import { productResources } from '../../../../resources/set';
import { columnName, type ResourceDef } from '../../shared/resource';
import type { ResourceSet } from '../../shared/resource-set';
import { serverKindOf } from '../../field-kinds/server';
import type { ColumnContext } from '../../field-kinds/server/kind';
import type { AnyTable } from './any-table';

export type { AnyTable };
export { hashKey } from '../../field-kinds/password/server';

/**
 * Drizzle tables derived from declarations: each field kind gives its column
 * (or a table of its own) and indexes; declarations add unique, sort and
 * search indexes. A declaration's tables are built once, by the first set
 * that holds it (the product's, at import; a test's fixture set adds its own).
 */
const tables = new WeakMap<ResourceDef, AnyTable>();
const sideTables = new WeakMap<ResourceDef, Map<string, AnyTable>>();
const owningSet = new WeakMap<ResourceDef, ResourceSet>();

/** Join table of a refList field (owner_id, target_id), or child table of an images field. */
export function joinTableName(r: ResourceDef, field: string): string {
  return `${r.table}_${columnName(field, r.fields[field])}`;
}

/** The declaration a ref field of `r` points at. */
export function refTarget(r: ResourceDef, field: string): ResourceDef {
  const set = owningSet.get(r);
  const ref = r.fields[field]?.ref;
  if (!set || !ref) throw new Error(`${r.name}.${field} points at no resource`);
  return set.byName(ref);
}

function context(r: ResourceDef, field: string): ColumnContext {
  const def = r.fields[field];
  return {
    resource: r,
    field,
    def,
    name: columnName(field, def),
    refTable: () => tableOf(refTarget(r, field)),
    ownTable: () => tableOf(r),
  };
}

/**
 * Every declared table's version counter (column `row_version`): 1 when the
 * record is made, one more on every update (the generic update counts it;
 * a trigger counts any other UPDATE of the row). It is the record's
 * `_version` and entity tag, which `If-Match` compares. A declaration
 * cannot name a field so.
 */
export const ROW_VERSION = 'rowVersion';

function build(r: ResourceDef): AnyTable {
  const cols: Record<string, PgColumnBuilderBase> = {
    id: uuid('id').primaryKey().defaultRandom(),
    [ROW_VERSION]: integer('row_version').notNull().default(1),
  };
  for (const field of Object.keys(r.fields)) {
    const column = serverKindOf(r.fields[field]).column?.(context(r, field));
    if (column) cols[column[0]] = column[1];
  }
  return pgTable(r.table, cols, (t) => {
    const extra = [];
    for (const [field, def] of Object.entries(r.fields)) {
      if (def.unique) extra.push(uniqueIndex(`${r.table}_${columnName(field, def)}_uq`).on(t[field]));
      const own = serverKindOf(def).indexes;
      if (own) extra.push(...own(context(r, field), t[field]));
    }
    for (const group of r.uniqueTogether ?? []) {
      const names = group.map((f) => columnName(f, r.fields[f]));
      extra.push(uniqueIndex(`${r.table}_${names.join('_')}_uq`).on(...(group.map((f) => t[f]) as [never])));
    }
    for (const f of r.search) {
      if (f.includes('.')) continue;
      const search = serverKindOf(r.fields[f]).search;
      if (search) extra.push(...search.indexes(`${r.table}_${columnName(f, r.fields[f])}`, t[f]));
    }
    for (const f of r.sortable) {
      if (f.includes('.') || r.fields[f]?.unique) continue;
      extra.push(index(`${r.table}_${columnName(f, r.fields[f])}_sort`).on(t[f], t.id));
    }
    return extra;
  });
}

/** Builds the tables of every declaration of `set` not built yet. */
export function registerTables(set: ResourceSet): void {
  const fresh = set.list.filter((r) => !owningSet.has(r));
  for (const r of fresh) owningSet.set(r, set);
  for (const r of fresh) if (!r.source) tables.set(r, build(r));
  for (const r of fresh) {
    if (r.source) {
      tables.set(r, tableOf(set.byName(r.source)));
      continue;
    }
    const side = new Map<string, AnyTable>();
    for (const [field, def] of Object.entries(r.fields)) {
      const make = serverKindOf(def).sideTable;
      if (make) side.set(field, make(context(r, field), joinTableName(r, field)));
    }
    sideTables.set(r, side);
  }
}

export function tableOf(r: ResourceDef): AnyTable {
  const t = tables.get(r);
  if (!t) throw new Error(`No table for resource ${r.name}`);
  return t;
}

export function joinTableOf(r: ResourceDef, field: string): AnyTable {
  const t = sideTables.get(r)?.get(field);
  if (!t) throw new Error(`No table of its own for ${r.name}.${field}`);
  return t;
}

/** Every table a set's declarations make (projections share their source's), keyed for drizzle-kit. */
export function tablesOf(set: ResourceSet): Record<string, AnyTable> {
  registerTables(set);
  const out: Record<string, AnyTable> = {};
  for (const r of set.list) {
    if (r.source) continue;
    out[r.name] = tableOf(r);
    for (const [field, t] of sideTables.get(r) ?? []) out[`${r.name}.${field}`.replace(/[.-]/g, '_')] = t;
  }
  return out;
}

/** The product's tables (drizzle-kit reads them through schema.ts). */
export const resourceTables: Record<string, AnyTable> = tablesOf(productResources);
