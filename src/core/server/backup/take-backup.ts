import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { dataDirOwner, lockDataDir, StartupRefusal } from '../db/data-dir-lock';
import { dumpWhileIdle } from '../db/pglite-dump';
import { appVersion } from '../version';
import { listBackup, packBackup, writeArchive } from './archive';
import { askServerForBackup } from './ask-server';
import { BackupError } from './backup-error';
import { hasEmbeddedDatabase, openEmbedded } from './embedded';
import type { BackupManifest } from './manifest';
import { stageBackup } from './stage';

export interface BackupResult {
  manifest: BackupManifest;
  /** The server that took it (its pid), or none: the command opened the database itself. */
  serverPid?: number;
}

/**
 * `npm run backup -- <file>`. A PGlite DATA_DIR belongs to one process, so
 * while the server runs it takes the backup itself (asked through its
 * control socket) and this command only writes the archive; while none
 * runs, the command takes the DATA_DIR lock and opens the database itself.
 * Either way the archive is read back to its end before this reports success.
 */
export async function takeBackup(config: Config, file: string): Promise<BackupResult> {
  if (existsSync(file)) throw new BackupError(`${file} exists already; give the backup a new name`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`folder ${path.dirname(file)} does not exist`);
  const dataDir = config.dataDir;
  const serverPid = dataDirOwner(dataDir);
  if (serverPid !== undefined) {
    await writeArchive(await askServerForBackup(dataDir, serverPid), file);
  } else {
    if (!hasEmbeddedDatabase(dataDir)) throw new BackupError(`DATA_DIR ${dataDir} holds no database (db/): nothing to back up`);
    let unlock: () => void;
    try {
      unlock = lockDataDir(dataDir);
    } catch (err) {
      // A server started between the check and now.
      if (err instanceof StartupRefusal) throw new BackupError(`${err.message}; run the backup again`);
      throw err;
    }
    try {
      const client = await openEmbedded(path.join(dataDir, 'db'));
      let staged;
      try {
        staged = await stageBackup({
          dataDir,
          dumpDatabase: (alsoWhileIdle) => dumpWhileIdle(client, alsoWhileIdle),
          uploadsDir: config.s3 ? undefined : path.join(dataDir, 'uploads'),
          s3Bucket: config.s3?.bucket,
          appVersion,
        });
      } finally {
        await client.close();
      }
      try {
        await writeArchive(packBackup(staged), file);
      } finally {
        await rm(staged.dir, { recursive: true, force: true });
      }
    } finally {
      unlock();
    }
  }
  try {
    const { manifest } = await listBackup(file);
    return { manifest, serverPid };
  } catch (err) {
    throw new BackupError(`${file} was written but does not read back: ${(err as Error).message}`);
  }
}
