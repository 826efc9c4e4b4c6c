import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { AnyTable } from '../db/any-table';
import type { FileStorage } from '../storage/file-storage';

/** How an image field's value names a stored file: this, then its storage key. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Removes an uploaded image a record stopped using (replaced, or the record
 * deleted), unless another record of the table still shows it: an issued
 * path may be given to more than one record.
 */
export async function removeUnusedImage(db: Db, storage: FileStorage, table: AnyTable, field: string, value: unknown): Promise<void> {
  if (typeof value !== 'string' || !value.startsWith(UPLOADS_PREFIX)) return;
  const [other] = await db.select({ id: table.id }).from(table).where(eq(table[field], value)).limit(1);
  if (!other) await storage.remove(value.slice(UPLOADS_PREFIX.length));
}
