import type { ServerFieldKind } from '../server/kind';
import { textColumn } from '../server/text-column';

/** Kept as text; the body schema (shared kind) allows only the declared options. */
export const enumKind: ServerFieldKind = {
  column: textColumn,
};
