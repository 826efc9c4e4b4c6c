import { sanitizeRichText } from '../../server/crud/rich-text';
import type { ServerFieldKind } from '../server/kind';
import { textColumn, textSearch } from '../server/text-column';

export const richtext: ServerFieldKind = {
  column: textColumn,
  // Long HTML: substrings only, no prefix index.
  search: textSearch(false),
  // Sanitized on write, so every reader (admin, public page) gets safe HTML.
  toColumns: async (v, field) => ({ [field]: typeof v === 'string' ? sanitizeRichText(v) : null }),
};
