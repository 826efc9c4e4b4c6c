/**
 * `backup.json`, the first entry of a backup archive: what it holds and who
 * made it. A restore reads it before touching anything.
 */
export const BACKUP_FORMAT = 'backoffice-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  /** The product version that took it (package.json). */
  appVersion: string;
  createdAt: string;
  /** PGlite's data-directory tarball (`db.tar`), its size in bytes. */
  database: { kind: 'pglite'; bytes: number };
  /** Local uploads are in the archive (`uploads/`); S3 ones stay in their bucket. */
  uploads: { storage: 'local'; files: number; bytes: number } | { storage: 's3'; bucket: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;

/** The manifest of an archive, or why it is not one this server can restore. */
export function parseManifest(text: string): BackupManifest {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw new Error('backup.json is not JSON');
  }
  if (!isObject(m) || m.format !== BACKUP_FORMAT) throw new Error('backup.json does not describe a back office backup');
  if (m.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new Error(`backup format ${String(m.formatVersion)} is not one this version reads (${BACKUP_FORMAT_VERSION})`);
  const { database, uploads } = m;
  const validDatabase = isObject(database) && database.kind === 'pglite' && count(database.bytes);
  const validUploads =
    isObject(uploads) &&
    ((uploads.storage === 'local' && count(uploads.files) && count(uploads.bytes)) ||
      (uploads.storage === 's3' && typeof uploads.bucket === 'string'));
  if (!validDatabase || !validUploads || typeof m.appVersion !== 'string' || typeof m.createdAt !== 'string')
    throw new Error('backup.json is incomplete');
  return m as unknown as BackupManifest;
}
