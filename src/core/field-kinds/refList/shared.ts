import { Type } from '../../shared/api/schema';
import { csvRecordLabel, UUID_PATTERN, type FieldKind } from '../kind';

/** Ids of records of the resource `ref`, kept in a join table. */
export const refList: FieldKind = {
  writable: true,
  bodySchema: () => ({ type: 'array', maxItems: 100000, items: { type: 'string', pattern: UUID_PATTERN } }),
  apiSchema: (def, c) => Type.Array(c.populated(def)),
  emptyValue: () => [],
  csv: (v) => (Array.isArray(v) ? v.map(csvRecordLabel).join('; ') : ''),
  fromCsv: (cell) =>
    cell
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean),
};
