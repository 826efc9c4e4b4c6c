import type { ServerFieldKind } from '../server/kind';
import { textColumn, textSearch } from '../server/text-column';

export const string: ServerFieldKind = {
  column: textColumn,
  search: textSearch(true),
  // An emptied text stays '' (not null): the field exists and says nothing.
  toColumns: async (v, field) => ({ [field]: v }),
};
