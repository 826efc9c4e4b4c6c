import { textApi, csvText, stringSchema, type FieldKind } from '../kind';

/**
 * What an image field may hold (or nothing): a path the upload route issued,
 * never `javascript:`, another site, or a file the server did not write.
 */
export const ISSUED_IMAGE_PATTERN = '^(/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.webp)?$';

/** The URL path of one uploaded image. */
export const image: FieldKind = {
  writable: true,
  bodySchema: (def) => stringSchema(def, { pattern: ISSUED_IMAGE_PATTERN }),
  apiSchema: (def) => textApi(def),
  emptyValue: () => null,
  csv: csvText,
};
