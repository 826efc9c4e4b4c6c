import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL when a URL is given, else PGlite under `dataDir/db`
 * (`memory://` keeps it in memory, for tests), and applies migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; inMemory?: boolean }): Promise<Database> {
  if (opts.databaseUrl) {
    // A runaway query ends server-side instead of running on after its client left.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, options: '-c statement_timeout=15000' });
    // An idle client losing its connection must not take the process down.
    pool.on('error', (err) => console.error(`PostgreSQL pool: ${err.message}`));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let dir = 'memory://';
  if (!opts.inMemory) {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
