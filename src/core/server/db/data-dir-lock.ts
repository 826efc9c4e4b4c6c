import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Why the server cannot start; `main` prints the message as one line and exits with 1. */
export class StartupRefusal extends Error {}

/** Lock files this process holds (a pid equal to ours is only ours if it is listed here). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, it is just not ours to signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes an embedded PGlite directory one process's: PGlite is a database in
 * this process's memory, so two processes on one directory would each write
 * over the other's changes. `DATA_DIR/db.lock` holds the owner's pid; a lock
 * whose process is gone (killed, crashed) is stale and taken over. The same
 * pid as ours left by an earlier run (a container's pid 1) is stale too
 * unless this process holds it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      return () => {
        held.delete(file);
        if (readPid(file) === process.pid) unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = readPid(file);
    const ours = pid === process.pid && held.has(file);
    if (pid !== undefined && (ours || (pid !== process.pid && alive(pid))))
      throw new StartupRefusal(
        `DATA_DIR ${dataDir} is in use by process ${pid}: an embedded database belongs to one process; several processes need DATABASE_URL (PostgreSQL)`,
      );
    try {
      unlinkSync(file);
    } catch {
      // Another starting process took the stale lock over first: try again, and meet its pid.
    }
  }
  throw new StartupRefusal(`DATA_DIR ${dataDir}: could not take ${file}`);
}

/** The live process (other than this one) holding `DATA_DIR`'s lock, if any: a running server. */
export function dataDirOwner(dataDir: string): number | undefined {
  const pid = readPid(path.join(dataDir, 'db.lock'));
  return pid !== undefined && pid !== process.pid && alive(pid) ? pid : undefined;
}
