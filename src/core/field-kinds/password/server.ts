import { text } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../server/security/passwords';
import type { ServerFieldKind } from '../server/kind';

/** Key under which the hash of a password field is stored. */
export const hashKey = (field: string) => `${field}Hash`;

export const password: ServerFieldKind = {
  column: ({ field, name }) => [hashKey(field), text(`${name}_hash`)],
  // Spaces are part of a password.
  normalize: (v) => v,
  toColumns: async (v, field) => (typeof v === 'string' && v !== '' ? { [hashKey(field)]: await hashPassword(v) } : {}),
};
