import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { create, extract, list, type ReadEntry } from 'tar';
import { isStorageKey } from '../storage/file-storage';
import { parseManifest, type BackupManifest } from './manifest';
import type { StagedBackup } from './stage';

/**
 * A backup archive: a gzipped tar (npm `tar`) of
 *   backup.json   the manifest (first entry)
 *   db.tar        PGlite's data-directory tarball (what PGlite's `loadDataDir` takes)
 *   uploads/...   the uploaded files, under their storage keys (local storage only)
 * Plain tar, so `tar -tzf` lists it and `tar -xzf` unpacks it by hand.
 */
export function packBackup(staged: StagedBackup): Readable {
  const entries = ['backup.json', 'db.tar', ...(staged.manifest.uploads.storage === 'local' ? ['uploads'] : [])];
  // portable: no owner names or ids, so a restore on another machine or user owns what it writes.
  return create({ gzip: true, cwd: staged.dir, portable: true }, entries) as unknown as Readable;
}

/** Writes an archive stream to `file` through a `.partial` file, so `file` is only ever a whole archive. */
export async function writeArchive(stream: Readable, file: string): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(stream, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

const DIRECTORY = /^uploads(?:\/[a-z0-9_-]+)*$/;

/** Whether an archive entry is one a backup holds (no links, devices or paths outside these). */
function expected(entryPath: string, type: string): boolean {
  const p = entryPath.replace(/\/+$/, '');
  if (type === 'Directory') return DIRECTORY.test(p);
  if (type !== 'File' && type !== 'OldFile') return false;
  return p === 'backup.json' || p === 'db.tar' || (p.startsWith('uploads/') && isStorageKey(p.slice('uploads/'.length)));
}

/**
 * Unpacks an archive into the empty folder `into` and returns its manifest.
 * Refuses anything a backup does not hold (links, other paths), a missing
 * part, or sizes that differ from the manifest's.
 */
export async function unpackBackup(file: string, into: string): Promise<BackupManifest> {
  const stray: string[] = [];
  try {
    // Synchronous: the asynchronous extract rejects on a damaged archive while
    // files it already opened are still being written, so the caller's cleanup
    // could meet them (ENOTEMPTY) and lose the real error. Only the restore
    // command unpacks, with no server in the process to hold up.
    extract({
      file,
      cwd: into,
      strict: true,
      sync: true,
      filter: (p: string, entry: unknown) => {
        const ok = expected(p, (entry as ReadEntry).type);
        if (!ok) stray.push(p);
        return ok;
      },
    });
  } catch (err) {
    throw new Error(`not a backup archive (${(err as Error).message})`);
  }
  if (stray.length) throw new Error(`not a backup of this server: it holds ${stray[0]}`);
  const manifestText = await readFile(`${into}/backup.json`, 'utf8').catch(() => {
    throw new Error('not a backup archive: it has no backup.json');
  });
  const manifest = parseManifest(manifestText);
  const db = await readFile(`${into}/db.tar`).catch(() => {
    throw new Error('the archive has no database (db.tar)');
  });
  if (db.byteLength !== manifest.database.bytes)
    throw new Error(`db.tar has ${db.byteLength} bytes, the manifest says ${manifest.database.bytes}: the archive is damaged`);
  return manifest;
}

/** The entries of an archive (checks that it reads to its end), with its manifest. */
export async function listBackup(file: string): Promise<{ manifest: BackupManifest; entries: number }> {
  let manifestText = '';
  let entries = 0;
  await list({
    file,
    strict: true,
    onReadEntry: (entry) => {
      entries++;
      if (entry.path !== 'backup.json') return entry.resume();
      entry.on('data', (d: Buffer) => (manifestText += d.toString('utf8')));
    },
  });
  return { manifest: parseManifest(manifestText), entries };
}
