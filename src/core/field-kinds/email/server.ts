import type { ServerFieldKind } from '../server/kind';
import { textColumn, textSearch } from '../server/text-column';

export const email: ServerFieldKind = {
  column: textColumn,
  search: textSearch(true),
  normalize: (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
};
