import { eq } from 'drizzle-orm';
import { removeUnusedImage, UPLOADS_PREFIX } from '../../server/uploads/unused-image';
import type { ServerFieldKind } from '../server/kind';
import { textColumn } from '../server/text-column';

/** The URL path of an uploaded image, kept as text. */
export const image: ServerFieldKind = {
  column: textColumn,
  // The record is gone: so is its picture, unless another record shows it too.
  afterDelete: ({ db, storage, table, field }, value) => removeUnusedImage(db, storage, table, field, value),
  // Replaced or cleared: the old picture goes the same way (a failed save kept it).
  afterReplace: ({ db, storage, table, field }, value) => removeUnusedImage(db, storage, table, field, value),
  versionFiles: (v) => (typeof v === 'string' && v.startsWith(UPLOADS_PREFIX) ? [v.slice(UPLOADS_PREFIX.length)] : []),
  fileInUse: async ({ db, table, field }, key) =>
    (
      await db
        .select({ id: table.id })
        .from(table)
        .where(eq(table[field], UPLOADS_PREFIX + key))
        .limit(1)
    ).length > 0,
};
