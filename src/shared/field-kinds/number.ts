import { csvText, type FieldKind } from './kind';

/** An integer within the declared `min`/`max`. */
export const number: FieldKind = {
  writable: true,
  bodySchema: (def) => ({
    type: def.required ? 'integer' : ['integer', 'null'],
    ...(def.min !== undefined ? { minimum: def.min } : {}),
    ...(def.max !== undefined ? { maximum: def.max } : {}),
  }),
  emptyValue: () => null,
  csv: csvText,
};
