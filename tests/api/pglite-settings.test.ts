import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from './harness';
import { runSql } from './helpers';
import { openEmbedded } from '../../src/core/server/backup/embedded';
import { PGLITE_SHARED_BUFFERS } from '../../src/core/server/db/pglite-options';

// PGlite's memory never shrinks, and PostgreSQL's default 128 MB of shared buffers was written whole at start:
// the server and the backup commands open the embedded database with less.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  test('runs with the smaller shared buffers, in the server and in the backup commands', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(await runSql(h, sql`SHOW shared_buffers`)).toEqual([{ shared_buffers: '16MB' }]);
    const dir = mkdtempSync(path.join(tmpdir(), 'bo-embedded-'));
    try {
      const db = await openEmbedded(dir);
      expect((await db.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
