import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { inject } from 'vitest';

/**
 * A DATA_DIR whose PGlite database is a copy of the run's migrated, seeded
 * template (admin@example.com / admin-pass-123), so a spawned server starts
 * in seconds instead of migrating and hashing passwords first.
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-proc-'));
  const template = inject('dbTemplate');
  if (template?.kind !== 'pglite') return dataDir;
  const db = await PGlite.create(path.join(dataDir, 'db'), {
    extensions: { pg_trgm },
    loadDataDir: new Blob([readFileSync(template.file)]),
  });
  await db.close();
  return dataDir;
}
