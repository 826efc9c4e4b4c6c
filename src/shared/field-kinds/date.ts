import { Type, Nullable } from '../api/schema';
import { csvText, type FieldKind } from './kind';

/** An ISO timestamp set by the server (`createdAt` when the row is made). */
export const date: FieldKind = {
  writable: false,
  bodySchema: () => ({ type: ['string', 'null'], format: 'date-time' }),
  apiSchema: () => Nullable(Type.String({ format: 'date-time' })),
  emptyValue: () => null,
  csv: csvText,
};
