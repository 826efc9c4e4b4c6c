import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError } from './startup-error';

/**
 * Creates DATA_DIR if needed and proves it writable before anything else
 * starts: the database, uploads, mail outbox and generated secret live there.
 */
export function checkDataDir(dir: string): void {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new StartupError(`DATA_DIR ${dir} is not writable (${code})`);
  }
}
