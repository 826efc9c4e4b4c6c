import { sql } from 'drizzle-orm';
import { jsonb } from 'drizzle-orm/pg-core';
import type { ServerFieldKind } from '../server/kind';

export const json: ServerFieldKind = {
  column: ({ field, name }) => [
    field,
    jsonb(name)
      .notNull()
      .default(sql`'{}'::jsonb`),
  ],
};
