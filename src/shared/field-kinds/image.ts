import { csvText, stringSchema, type FieldKind } from './kind';

/** The URL path of one uploaded image. */
export const image: FieldKind = {
  writable: true,
  bodySchema: (def) => stringSchema(def),
  emptyValue: () => null,
  csv: csvText,
};
