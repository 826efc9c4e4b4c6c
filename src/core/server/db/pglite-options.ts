import type { PGliteOptions } from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's shared buffers inside PGlite's WebAssembly memory, which
 * never shrinks. PostgreSQL's default, 128 MB, is written whole at start:
 * the server held 300 MB before its first request. Pages that do not fit
 * still come from the operating system's file cache, a read each.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** How the server and the backup commands open PGlite: the same extensions and settings. */
export function pgliteOptions(loadDataDir?: Blob): PGliteOptions {
  return {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(loadDataDir ? { loadDataDir } : {}),
  };
}
