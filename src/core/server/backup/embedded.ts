import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** PGlite as the server opens it (same extensions), for the backup commands while no server runs. */
export function openEmbedded(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Whether `DATA_DIR/db` holds a database. */
export const hasEmbeddedDatabase = (dataDir: string): boolean => existsSync(path.join(dataDir, 'db', 'PG_VERSION'));
