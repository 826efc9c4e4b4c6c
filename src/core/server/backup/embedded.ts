import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from '../db/pglite-options';

/** PGlite as the server opens it (same extensions), for the backup commands while no server runs. */
export function openEmbedded(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return createPglite(dir, loadDataDir);
}

/** Whether `DATA_DIR/db` holds a database. */
export const hasEmbeddedDatabase = (dataDir: string): boolean => existsSync(path.join(dataDir, 'db', 'PG_VERSION'));
