import { Nullable } from '../../shared/api/schema';
import { csvRecordLabel, UUID_PATTERN, type FieldKind } from '../kind';

/** The id of a record of the resource `ref`; lists show it populated (`{_id, ...populate}`). */
export const ref: FieldKind = {
  writable: true,
  compare: 'id',
  bodySchema: (def) => ({ type: def.required ? 'string' : ['string', 'null'], pattern: UUID_PATTERN }),
  apiSchema: (def, c) => Nullable(c.populated(def)),
  filter: { params: () => ({ '': { type: 'string', pattern: UUID_PATTERN } }) },
  emptyValue: () => null,
  csv: csvRecordLabel,
};
