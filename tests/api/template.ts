import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/core/server/app';
import { loadConfig } from '../../src/core/server/config';
import { openDatabase } from '../../src/core/server/db/client';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-pass-123';

/**
 * A migrated and seeded database that test files clone instead of migrating
 * and seeding their own (about 4 s each): a PGlite data-directory dump in a
 * file, or a PostgreSQL database used as `CREATE DATABASE ... TEMPLATE`.
 */
export type DbTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; database: string };

/** The environment every harness starts from; the template is seeded with it. */
export function baseEnv(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    AUTH_RATE_LIMIT: '100000',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIR: path.join(dataDir, 'no-web'),
  };
}

export function databaseUrlFor(name: string): string {
  const u = new URL(process.env.DATABASE_URL ?? '');
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs SQL on the server's maintenance database (the one DATABASE_URL names). */
export async function onServer<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Waits until nobody is connected to `name` (pool.end() resolves before its sockets close). */
export async function waitUntilUnused(c: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Migrates and seeds once; returns the template and how to remove it. On
 * PostgreSQL when DATABASE_URL is set (unless `pglite` is asked for: the e2e
 * servers always run the embedded database).
 */
export async function createTemplate(opts: { pglite?: boolean } = {}): Promise<{ template: DbTemplate; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-template-'));
  try {
    if (process.env.DATABASE_URL && !opts.pglite) {
      const database = `t_tpl_${randomUUID().replace(/-/g, '')}`;
      await onServer((c) => c.query(`CREATE DATABASE ${database}`));
      const app = await buildApp(loadConfig({ ...baseEnv(dataDir), DATABASE_URL: databaseUrlFor(database) }), { logger: false });
      await app.close();
      await onServer((c) => waitUntilUnused(c, database));
      return {
        template: { kind: 'postgres', database },
        remove: () =>
          onServer(async (c) => {
            await waitUntilUnused(c, database);
            await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
          }),
      };
    }
    const database = await openDatabase({ dataDir, inMemory: true });
    const app = await buildApp({ ...loadConfig(baseEnv(dataDir)), inMemoryDb: true }, { logger: false, database });
    await app.close();
    if (!database.dumpDataDir) throw new Error('PGlite cannot dump its data directory');
    const dump = await database.dumpDataDir();
    await database.close();
    const file = path.join(tmpdir(), `bo-template-${randomUUID()}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { template: { kind: 'pglite', file }, remove: async () => rmSync(file, { force: true }) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
