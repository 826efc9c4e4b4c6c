import type { ServerFieldKind } from './kind';
import { textColumn } from './text-column';

/** The URL path of an uploaded image, kept as text. */
export const image: ServerFieldKind = {
  column: textColumn,
};
