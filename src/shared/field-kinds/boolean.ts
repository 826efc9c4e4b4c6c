import type { FieldKind } from './kind';

export const boolean: FieldKind = {
  writable: true,
  bodySchema: () => ({ type: 'boolean' }),
  filter: { schema: () => ({ type: 'boolean' }) },
  emptyValue: () => null,
  checks: () => [],
  csv: (v) => (v === true ? 'true' : v === false ? 'false' : ''),
};
