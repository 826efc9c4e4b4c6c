import { integer } from 'drizzle-orm/pg-core';
import type { ServerFieldKind } from '../server/kind';

export const number: ServerFieldKind = {
  column: ({ field, def, name }) => {
    const c = integer(name);
    return [field, def.required ? c.notNull() : c];
  },
};
