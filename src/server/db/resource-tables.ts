import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { resourceByName, resources } from '../../../resources';
import { columnName, type FieldDef, type ResourceDef } from '../../shared/resource';

// Tables built at run time from declarations have no static column types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic table shape
export type AnyTable = PgTableWithColumns<any>;

/** Key under which the hash of a password field is stored. */
export const hashKey = (field: string) => `${field}Hash`;

function columnFor(field: string, def: FieldDef): [string, PgColumnBuilderBase] | null {
  const name = columnName(field, def);
  switch (def.type) {
    case 'refList':
    case 'images':
      return null; // join table / child table
    case 'password':
      return [hashKey(field), text(`${name}_hash`)];
    case 'boolean': {
      const c = boolean(name)
        .notNull()
        .default(Boolean(def.default ?? false));
      return [field, c];
    }
    case 'number': {
      const c = integer(name);
      return [field, def.required ? c.notNull() : c];
    }
    case 'date':
      return field === 'createdAt'
        ? [field, timestamp(name, { withTimezone: true, mode: 'string' }).notNull().defaultNow()]
        : [field, timestamp(name, { withTimezone: true, mode: 'string' })];
    case 'ref': {
      // A required link dies with its target; an optional one is cleared.
      const c = uuid(name).references(() => tableOf(resourceByName(def.ref!)).id, { onDelete: def.required ? 'cascade' : 'set null' });
      return [field, def.required ? c.notNull() : c];
    }
    case 'json':
      return [
        field,
        jsonb(name)
          .notNull()
          .default(sql`'{}'::jsonb`),
      ];
    case 'tags':
      return [
        field,
        text(name)
          .array()
          .notNull()
          .default(sql`'{}'::text[]`),
      ];
    default: {
      const c = text(name);
      if (def.required) return [field, c.notNull()];
      if (def.default !== undefined && def.default !== null) return [field, c.default(String(def.default))];
      return [field, c];
    }
  }
}

const byName = new Map<string, AnyTable>();
const joinTables = new Map<string, AnyTable>();

/** Join table of a refList field (owner_id, target_id), or child table of an images field. */
export function joinTableName(r: ResourceDef, field: string): string {
  return `${r.table}_${columnName(field, r.fields[field])}`;
}

function build(r: ResourceDef): AnyTable {
  const cols: Record<string, PgColumnBuilderBase> = { id: uuid('id').primaryKey().defaultRandom() };
  for (const [field, def] of Object.entries(r.fields)) {
    const c = columnFor(field, def);
    if (c) cols[c[0]] = c[1];
  }
  return pgTable(r.table, cols, (t) => {
    const extra = [];
    for (const [field, def] of Object.entries(r.fields)) {
      if (def.unique) extra.push(uniqueIndex(`${r.table}_${columnName(field, def)}_uq`).on(t[field]));
      if (def.type === 'ref') extra.push(index(`${r.table}_${columnName(field, def)}_idx`).on(t[field]));
    }
    for (const group of r.uniqueTogether ?? []) {
      const names = group.map((f) => columnName(f, r.fields[f]));
      extra.push(uniqueIndex(`${r.table}_${names.join('_')}_uq`).on(...(group.map((f) => t[f]) as [never])));
    }
    for (const f of r.search) {
      if (f.includes('.')) continue;
      const name = `${r.table}_${columnName(f, r.fields[f])}_trgm`;
      extra.push(
        r.fields[f].type === 'tags'
          ? index(name).using('gin', sql`tags_text(${t[f]}) gin_trgm_ops`)
          : index(name).using('gin', t[f].op('gin_trgm_ops')),
      );
      // Short terms match prefixes (crud/query.ts): a btree on lower(value) serves them.
      if (r.fields[f].type !== 'tags' && r.fields[f].type !== 'richtext') {
        extra.push(index(`${r.table}_${columnName(f, r.fields[f])}_prefix`).using('btree', sql`lower(${t[f]}) text_pattern_ops`));
      }
    }
    for (const f of r.sortable) {
      if (f.includes('.') || r.fields[f]?.unique) continue;
      extra.push(index(`${r.table}_${columnName(f, r.fields[f])}_sort`).on(t[f], t.id));
    }
    return extra;
  });
}

function buildJoin(r: ResourceDef, field: string): AnyTable {
  const name = joinTableName(r, field);
  return pgTable(
    name,
    {
      ownerId: uuid('owner_id')
        .notNull()
        .references(() => tableOf(r).id, { onDelete: 'cascade' }),
      targetId: uuid('target_id')
        .notNull()
        .references(() => tableOf(resourceByName(r.fields[field].ref!)).id, { onDelete: 'cascade' }),
    },
    (t) => [primaryKey({ columns: [t.ownerId, t.targetId] }), index(`${name}_target_idx`).on(t.targetId)],
  );
}

/** Child table of an images field: one row per image, ordered by position. */
function buildImages(r: ResourceDef, field: string): AnyTable {
  const name = joinTableName(r, field);
  return pgTable(
    name,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      ownerId: uuid('owner_id')
        .notNull()
        .references(() => tableOf(r).id, { onDelete: 'cascade' }),
      path: text('path').notNull(),
      thumb: text('thumb').notNull(),
      position: integer('position').notNull().default(0),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_owner_idx`).on(t.ownerId, t.position)],
  );
}

for (const r of resources) {
  if (r.source) continue;
  byName.set(r.name, build(r));
}
for (const r of resources) {
  if (r.source) {
    byName.set(r.name, byName.get(r.source)!);
    continue;
  }
  for (const [field, def] of Object.entries(r.fields)) {
    if (def.type === 'refList') joinTables.set(`${r.name}.${field}`, buildJoin(r, field));
    if (def.type === 'images') joinTables.set(`${r.name}.${field}`, buildImages(r, field));
  }
}

export function tableOf(r: ResourceDef): AnyTable {
  const t = byName.get(r.name);
  if (!t) throw new Error(`No table for resource ${r.name}`);
  return t;
}

export function joinTableOf(r: ResourceDef, field: string): AnyTable {
  const t = joinTables.get(`${r.name}.${field}`);
  if (!t) throw new Error(`No join table for ${r.name}.${field}`);
  return t;
}

/** Every derived table, keyed for drizzle-kit. */
export const resourceTables: Record<string, AnyTable> = Object.fromEntries([
  ...[...byName.entries()].filter(([n]) => !resources.find((r) => r.name === n)?.source),
  ...[...joinTables.entries()].map(([k, t]) => [k.replace(/[.-]/g, '_'), t] as const),
]);
