import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { versionFiles } from '../db/system-tables';
import type { FileStorage } from '../storage/file-storage';

/**
 * The storage every write uses: it leaves a file in place while a version
 * of a record shows it (`version_files`), so restoring that version brings
 * the picture back. The versions' retention removes such a file once no
 * version and no record shows it.
 */
export function keepingVersionedFiles(storage: FileStorage, db: () => Db): FileStorage {
  return Object.assign(Object.create(storage) as FileStorage, {
    async remove(key: string) {
      const [kept] = await db().select({ key: versionFiles.key }).from(versionFiles).where(eq(versionFiles.key, key)).limit(1);
      if (!kept) await storage.remove(key);
    },
  });
}
