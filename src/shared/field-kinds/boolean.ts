import type { FieldKind } from './kind';

export const boolean: FieldKind = {
  writable: true,
  bodySchema: () => ({ type: 'boolean' }),
  filter: { params: () => ({ '': { type: 'boolean' } }) },
  emptyValue: () => null,
  checks: () => [],
  csv: (v) => (v === true ? 'true' : v === false ? 'false' : ''),
};
