import { Type } from '../../shared/api/schema';
import type { FieldKind } from '../kind';

/** A list of short strings (a form edits them comma-separated). */
export const tags: FieldKind = {
  writable: true,
  bodySchema: (def) => ({ type: 'array', maxItems: def.maxItems ?? 100, items: { type: 'string', maxLength: 100 } }),
  apiSchema: () => Type.Array(Type.String()),
  search: 'elements',
  emptyValue: () => [],
  csv: (v) => (Array.isArray(v) ? v.join(', ') : ''),
  fromCsv: (cell) =>
    cell
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
};
