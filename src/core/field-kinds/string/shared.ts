import { textApi, csvText, stringSchema, type FieldKind } from '../kind';

/** Single-line text. */
export const string: FieldKind = {
  writable: true,
  compare: 'text',
  bodySchema: (def) => stringSchema(def),
  apiSchema: (def) => textApi(def),
  search: 'text',
  emptyValue: () => null,
  csv: csvText,
};
