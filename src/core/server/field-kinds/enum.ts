import type { ServerFieldKind } from './kind';
import { textColumn } from './text-column';

/** Kept as text; the body schema (shared kind) allows only the declared options. */
export const enumKind: ServerFieldKind = {
  column: textColumn,
};
