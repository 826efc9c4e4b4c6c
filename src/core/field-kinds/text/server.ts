import type { ServerFieldKind } from '../server/kind';
import { textColumn, textSearch } from '../server/text-column';

export const text: ServerFieldKind = {
  column: textColumn,
  search: textSearch(true),
  toColumns: async (v, field) => ({ [field]: v }),
};
