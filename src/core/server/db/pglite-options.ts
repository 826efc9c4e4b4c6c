import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's shared buffers inside PGlite's WebAssembly memory, which
 * never shrinks. PostgreSQL's default, 128 MB, is written whole at start:
 * the server held 300 MB before its first request. Pages that do not fit
 * still come from the operating system's file cache, a read each.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite as the server and the backup commands open it: the same extensions
 * and settings. Its modules are loaded here, not at start: a server on
 * PostgreSQL never holds them.
 */
export async function createPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite: Embedded }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return Embedded.create(dir, {
    extensions: { pg_trgm },
    startParams: [...Embedded.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}
