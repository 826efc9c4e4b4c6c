import { sql } from 'drizzle-orm';
import { index, text } from 'drizzle-orm/pg-core';
import type { ServerFieldKind } from '../server/kind';

export const tags: ServerFieldKind = {
  column: ({ field, name }) => [
    field,
    text(name)
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  ],
  // tags_text() (migration 0004) joins the elements so one trigram index serves them all; search_fold() as every text.
  search: {
    expr: (column) => sql`search_fold(tags_text(${column}))`,
    prefix: false,
    indexes: (name, column) => [index(`${name}_trgm`).using('gin', sql`search_fold(tags_text(${column})) gin_trgm_ops`)],
  },
  toColumns: async (v, field) => ({ [field]: ((v as string[] | null) ?? []).map((s) => s.trim()).filter(Boolean) }),
};
