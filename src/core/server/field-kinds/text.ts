import type { ServerFieldKind } from './kind';
import { textColumn, textSearch } from './text-column';

export const text: ServerFieldKind = {
  column: textColumn,
  search: textSearch(true),
  toColumns: async (v, field) => ({ [field]: v }),
};
