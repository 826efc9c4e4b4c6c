import { boolean as booleanColumn } from 'drizzle-orm/pg-core';
import type { ServerFieldKind } from '../server/kind';

export const boolean: ServerFieldKind = {
  column: ({ field, def, name }) => [
    field,
    booleanColumn(name)
      .notNull()
      .default(Boolean(def.default ?? false)),
  ],
};
