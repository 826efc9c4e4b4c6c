import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey } from '../storage/file-storage';
import type { BackupManifest } from './manifest';

/** A backup laid out in a folder under DATA_DIR, as the archive will hold it. */
export interface StagedBackup {
  dir: string;
  manifest: BackupManifest;
}

/** What to back up. */
export interface BackupSource {
  dataDir: string;
  /** Dumps the database, running `alsoWhileIdle` while no transaction runs (`Database.dumpDataDir`). */
  dumpDatabase: (alsoWhileIdle: () => Promise<void>) => Promise<Blob>;
  /** Local uploads folder; absent when uploads are in an S3 bucket. */
  uploadsDir?: string;
  s3Bucket?: string;
  appVersion: string;
}

/** Leftover staging folders start with this (removed by whoever holds the DATA_DIR lock next). */
export const STAGING_PREFIX = '.backup-';

/** Every stored file under `dir` (relative paths with `/`), skipping anything that is not a storage key. */
async function storedFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const found: string[] = [];
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) found.push(...(await storedFiles(dir, rel)));
    else if (e.isFile() && isStorageKey(rel)) found.push(rel);
  }
  return found;
}

/**
 * A file listed but gone by the time it is linked was removed after a
 * transaction that committed before the pause: the dumped database no longer
 * shows it, so the backup does not need it.
 */
function vanished(err: NodeJS.ErrnoException): false {
  if (err.code === 'ENOENT') return false;
  throw err;
}

/**
 * Takes the database and the uploads as one state: while the database is
 * paused between transactions, every uploaded file is hard-linked into the
 * staging folder (fast, whatever the files' size; a copy when the uploads
 * are on another file system). A file a committed record shows was written
 * before its transaction began, and files are only removed after the
 * transaction that stops showing them, so every file the dumped database
 * shows is in the backup. Stored files are never rewritten (new keys each
 * time), so the links keep the content they had.
 */
export async function stageBackup(src: BackupSource): Promise<StagedBackup> {
  const dir = await mkdtemp(path.join(src.dataDir, STAGING_PREFIX));
  try {
    const uploadsCopy = path.join(dir, 'uploads');
    const files: string[] = [];
    const linkUploads = async () => {
      if (!src.uploadsDir) return;
      await mkdir(uploadsCopy);
      for (const rel of await storedFiles(src.uploadsDir)) {
        const from = path.join(src.uploadsDir, rel);
        const to = path.join(uploadsCopy, rel);
        await mkdir(path.dirname(to), { recursive: true });
        const linked = await link(from, to).then(
          () => true,
          async (err: NodeJS.ErrnoException) => {
            if (err.code === 'EXDEV' || err.code === 'EPERM') return copyFile(from, to).then(() => true, vanished);
            return vanished(err);
          },
        );
        if (linked) files.push(rel);
      }
    };
    const dump = await src.dumpDatabase(linkUploads);
    const dbBytes = new Uint8Array(await dump.arrayBuffer());
    await writeFile(path.join(dir, 'db.tar'), dbBytes);
    let uploadBytes = 0;
    for (const rel of files) uploadBytes += (await stat(path.join(uploadsCopy, rel))).size;
    const manifest: BackupManifest = {
      format: 'backoffice-backup',
      formatVersion: 1,
      appVersion: src.appVersion,
      createdAt: new Date().toISOString(),
      database: { kind: 'pglite', bytes: dbBytes.byteLength },
      uploads: src.uploadsDir
        ? { storage: 'local', files: files.length, bytes: uploadBytes }
        : { storage: 's3', bucket: src.s3Bucket ?? '' },
    };
    await writeFile(path.join(dir, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir, manifest };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
