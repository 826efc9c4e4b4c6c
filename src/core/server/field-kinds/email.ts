import type { ServerFieldKind } from './kind';
import { textColumn, textSearch } from './text-column';

export const email: ServerFieldKind = {
  column: textColumn,
  search: textSearch(true),
  normalize: (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
};
