import { textApi, stringSchema, type FieldKind } from '../kind';

/** Sanitized HTML (the server sanitizes on write). */
export const richtext: FieldKind = {
  writable: true,
  bodySchema: (def) => stringSchema(def),
  apiSchema: (def) => textApi(def),
  search: 'text',
  emptyValue: () => null,
  // The words, not the markup.
  csv: (v) =>
    typeof v === 'string'
      ? v
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : '',
};
