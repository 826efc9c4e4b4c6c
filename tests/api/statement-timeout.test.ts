import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../src/core/server/db/client';
import { rowsOf } from '../../src/core/server/db/rows';
import { startHarness } from './harness';
import { databaseUrlFor, onServer, waitUntilUnused } from './template';

// An operator whose next release brings a migration slower than a request
// may run (an index built on a large table): the server must still start
// and apply it, while requests keep their statement timeout
// (DB_STATEMENT_TIMEOUT). PostgreSQL only: PGlite has no request timeout.
const TIMEOUT_SECONDS = 1;
const SLOW_TAG = '9999_slow_index';
let dir: string;
const databases: string[] = [];

/** Today's migrations plus one that runs longer than TIMEOUT_SECONDS. */
function migrationsWithASlowOne(): string {
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
  const last = journal.entries[journal.entries.length - 1];
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: SLOW_TAG });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    path.join(folder, `${SLOW_TAG}.sql`),
    `SELECT pg_sleep(${TIMEOUT_SECONDS * 2.5});\n--> statement-breakpoint\nCREATE INDEX slow_migration_users_phone ON users (phone);\n`,
  );
  return folder;
}

async function newDatabase(): Promise<string> {
  const name = `t_timeout_${randomUUID().replace(/-/g, '')}`;
  await onServer((c) => c.query(`CREATE DATABASE ${name}`));
  databases.push(name);
  return databaseUrlFor(name);
}

describe.skipIf(!process.env.DATABASE_URL)('statement timeout (PostgreSQL)', () => {
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bo-timeout-'));
  });
  afterAll(async () => {
    await onServer(async (c) => {
      for (const name of databases) {
        await waitUntilUnused(c, name);
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    });
    rmSync(dir, { recursive: true, force: true });
  });

  test('a migration slower than the request timeout applies at start; requests are still cancelled', async () => {
    const url = await newDatabase();
    const started = Date.now();
    const database: Database = await openDatabase({
      databaseUrl: url,
      dataDir: dir,
      statementTimeoutSeconds: TIMEOUT_SECONDS,
      migrationsFolder: migrationsWithASlowOne(),
    });
    try {
      expect(Date.now() - started).toBeGreaterThan(TIMEOUT_SECONDS * 2000);
      const index = rowsOf<{ n: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'slow_migration_users_phone'`),
      );
      expect(index[0].n).toBe(1);
      // The request pool keeps its limit: a statement running past it is cancelled (query_canceled, 57014).
      expect(rowsOf<{ statement_timeout: string }>(await database.db.execute(sql`SHOW statement_timeout`))[0].statement_timeout).toBe('1s');
      const slow = await database.db.execute(sql`SELECT pg_sleep(${TIMEOUT_SECONDS * 2})`).then(
        () => 'finished',
        (err: { cause?: { code?: string }; code?: string }) => err.cause?.code ?? err.code,
      );
      expect(slow).toBe('57014');
      // Maintenance work (purges, seeding) runs without it.
      const long = await database.maintenance(async (db) => {
        await db.execute(sql`SELECT pg_sleep(${TIMEOUT_SECONDS * 1.5})`);
        return rowsOf<{ statement_timeout: string }>(await db.execute(sql`SHOW statement_timeout`))[0].statement_timeout;
      });
      expect(long).toBe('0');
    } finally {
      await database.close();
    }
  });

  test.each([
    ['3', '3s'],
    ['0', '0'],
    ['', '15s'],
  ])('DB_STATEMENT_TIMEOUT=%j: the request pool runs with statement_timeout %s', async (value, shown) => {
    const h = await startHarness({ DB_STATEMENT_TIMEOUT: value });
    try {
      const rows = rowsOf<{ statement_timeout: string }>(await h.app.deps.database.db.execute(sql`SHOW statement_timeout`));
      expect(rows[0].statement_timeout).toBe(shown);
      // And no JIT compilation: seconds of compiling for a reader's audit list that runs in milliseconds.
      expect(rowsOf<{ jit: string }>(await h.app.deps.database.db.execute(sql`SHOW jit`))[0].jit).toBe('off');
    } finally {
      await h.close();
    }
  });
});
