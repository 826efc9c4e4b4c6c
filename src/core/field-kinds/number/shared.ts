import { Type } from '../../shared/api/schema';
import { maybe, csvText, type CheckFailure, type FieldKind } from '../kind';

/** An integer within the declared `min`/`max`. */
export const number: FieldKind = {
  writable: true,
  compare: 'number',
  bodySchema: (def) => ({
    type: def.required ? 'integer' : ['integer', 'null'],
    ...(def.min !== undefined ? { minimum: def.min } : {}),
    ...(def.max !== undefined ? { maximum: def.max } : {}),
  }),
  apiSchema: (def) => maybe(def, Type.Integer()),
  emptyValue: () => null,
  csv: csvText,
  checks: (def) => [
    (v): CheckFailure | undefined => {
      if (v === undefined || v === null || v === '') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n)) return { key: 'app.validation.number' };
      if (def.min !== undefined && n < def.min) return { key: 'app.validation.min_value', args: { min: def.min } };
      if (def.max !== undefined && n > def.max) return { key: 'app.validation.max_value', args: { max: def.max } };
      return undefined;
    },
  ],
};
