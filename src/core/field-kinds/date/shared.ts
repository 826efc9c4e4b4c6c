import { Type, Nullable } from '../../shared/api/schema';
import { csvText, type FieldKind, type JsonSchema } from '../kind';

const DAY: JsonSchema = { type: 'string', format: 'date' };

/** An ISO timestamp set by the server (`createdAt` when the row is made). */
export const date: FieldKind = {
  writable: false,
  compare: 'date',
  bodySchema: () => ({ type: ['string', 'null'], format: 'date-time' }),
  apiSchema: () => Nullable(Type.String({ format: 'date-time' })),
  // A range of whole days (UTC), either end optional: `?createdAt_gte=2026-01-01&createdAt_lte=2026-01-31`.
  filter: { params: () => ({ _gte: DAY, _lte: DAY }) },
  emptyValue: () => null,
  csv: csvText,
};
