import { Type } from '../../shared/api/schema';
import { csvText, type FieldKind } from '../kind';

/** A structured value kept as jsonb. */
export const json: FieldKind = {
  writable: true,
  bodySchema: () => ({ type: ['object', 'null'] }),
  apiSchema: () => Type.Unknown(),
  emptyValue: () => null,
  csv: csvText,
  // Not JSON: left as text, which the body schema refuses with its message.
  fromCsv: (cell) => {
    try {
      return JSON.parse(cell) as unknown;
    } catch {
      return cell;
    }
  },
};
