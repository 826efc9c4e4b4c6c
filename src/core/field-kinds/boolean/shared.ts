import { Type } from '../../shared/api/schema';
import type { FieldKind } from '../kind';

export const boolean: FieldKind = {
  writable: true,
  compare: 'boolean',
  bodySchema: () => ({ type: 'boolean' }),
  // The column is NOT NULL with a default.
  apiSchema: () => Type.Boolean(),
  filter: { params: () => ({ '': { type: 'boolean' } }) },
  emptyValue: () => null,
  checks: () => [],
  csv: (v) => (v === true ? 'true' : v === false ? 'false' : ''),
};
