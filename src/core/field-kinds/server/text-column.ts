import { index, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ColumnContext, ServerFieldKind } from './kind';

/** A text column: NOT NULL when required, else with the declared default. */
export function textColumn({ field, def, name }: ColumnContext): ReturnType<NonNullable<ServerFieldKind['column']>> {
  const c = text(name);
  if (def.required) return [field, c.notNull()];
  if (def.default !== undefined && def.default !== null) return [field, c.default(String(def.default))];
  return [field, c];
}

/**
 * `q` over a text column, as `search_fold(value)` (lower case, accents
 * dropped: migration 0022): a trigram index on it serves substrings; short
 * terms match prefixes (crud/query.ts), which a btree on it serves.
 */
export function textSearch(prefixIndex: boolean): NonNullable<ServerFieldKind['search']> {
  return {
    expr: (column) => sql`search_fold(${column})`,
    prefix: prefixIndex,
    indexes: (name, column) => [
      index(`${name}_trgm`).using('gin', sql`search_fold(${column}) gin_trgm_ops`),
      ...(prefixIndex ? [index(`${name}_prefix`).using('btree', sql`search_fold(${column}) text_pattern_ops`)] : []),
    ],
  };
}
