import { textApi, csvText, stringSchema, type FieldKind } from '../kind';

/** Multi-line text. */
export const text: FieldKind = {
  writable: true,
  compare: 'text',
  bodySchema: (def) => stringSchema(def),
  apiSchema: (def) => textApi(def),
  search: 'text',
  emptyValue: () => null,
  csv: csvText,
};
