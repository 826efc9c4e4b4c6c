import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir, StartupRefusal } from '../db/data-dir-lock';
import { unpackBackup } from './archive';
import { BackupError } from './backup-error';
import { openEmbedded } from './embedded';
import type { BackupManifest } from './manifest';

export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations the restored database records as applied. */
  migrations: number;
  /** Set when the archive's uploads do not go where this configuration keeps them. */
  warning?: string;
}

const RESTORE_PREFIX = '.restore-';

/**
 * `npm run restore -- <file>`: replaces `DATA_DIR/db` and `DATA_DIR/uploads`
 * with the archive's. Refused while a server runs on DATA_DIR (it holds the
 * lock, and would go on with the old database in memory). The archive is
 * unpacked and its database opened beside the current one first; only when
 * that works are the folders swapped (two renames each), so a damaged archive
 * changes nothing.
 */
export async function restoreBackup(config: Config, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const dataDir = config.dataDir;
  await mkdir(dataDir, { recursive: true });
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof StartupRefusal && /in use by process (\d+)/.test(err.message))
      throw new BackupError(
        `the server (pid ${/in use by process (\d+)/.exec(err.message)?.[1]}) is running on DATA_DIR ${dataDir}: stop it before restoring`,
      );
    throw err;
  }
  try {
    // Left by a restore that was stopped half-way (this process holds the lock now).
    for (const name of await readdir(dataDir)) {
      if (name.startsWith(RESTORE_PREFIX)) await rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    const staging = await mkdtemp(path.join(dataDir, RESTORE_PREFIX));
    try {
      let manifest: BackupManifest;
      try {
        manifest = await unpackBackup(file, staging);
      } catch (err) {
        throw new BackupError(`${file}: ${(err as Error).message}`);
      }
      const newDb = path.join(staging, 'db');
      const client = await openEmbedded(newDb, new Blob([await readFile(path.join(staging, 'db.tar'))]));
      let migrations: number;
      try {
        const r = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
        migrations = r.rows[0]?.n ?? 0;
      } finally {
        await client.close();
      }
      await replace(path.join(dataDir, 'db'), newDb, path.join(staging, 'old-db'));
      let warning: string | undefined;
      if (manifest.uploads.storage === 'local') {
        const uploads = path.join(staging, 'uploads');
        await mkdir(uploads, { recursive: true });
        await replace(path.join(dataDir, 'uploads'), uploads, path.join(staging, 'old-uploads'));
        if (config.s3)
          warning = `uploads restored to ${dataDir}/uploads, but S3_BUCKET is set: copy them into the bucket (aws s3 sync ${dataDir}/uploads s3://${config.s3.bucket})`;
      } else if (!config.s3) {
        warning = `the archive's uploads were in S3 bucket ${manifest.uploads.bucket}, not in it; set S3_BUCKET or copy them into ${dataDir}/uploads`;
      }
      return { manifest, migrations, warning };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    unlock();
  }
}

/** Puts `replacement` at `target`, moving what was there to `aside` (removed with the staging folder). */
async function replace(target: string, replacement: string, aside: string): Promise<void> {
  if (existsSync(target)) await rename(target, aside);
  try {
    await rename(replacement, target);
  } catch (err) {
    if (existsSync(aside)) await rename(aside, target);
    throw err;
  }
}
