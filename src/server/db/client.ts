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
import { listenPg, type Listener } from './pg-listener';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (from any process), and
   * `onLive` when the subscription starts or is lost: while it is not live,
   * notifications can be missed. Resolves to the unsubscribe function (which
   * the database's close also runs).
   */
  listen(channel: string, onNotify: () => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball (what `loadDataDir` takes back). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

const pgliteDbs = new WeakSet<Db>();
/** Whether queries on `db` run in the embedded PGlite (one session, in this thread). */
export const isPglite = (db: Db): boolean => pgliteDbs.has(db);

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens PostgreSQL when a URL is given, else PGlite under `dataDir/db`
 * (`memory://` keeps it in memory, for tests), and applies migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** PGlite only: start from this data-directory dump (tests clone a migrated, seeded template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  const databaseUrl = opts.databaseUrl;
  if (databaseUrl) {
    // A runaway query ends server-side instead of running on after its client left.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 20, options: '-c statement_timeout=15000' });
    // An idle client losing its connection must not take the process down.
    pool.on('error', (err) => console.error(`PostgreSQL pool: ${err.message}`));
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    const listeners = new Set<Listener>();
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      listen: async (channel, onNotify, onLive) => {
        const l = await listenPg(databaseUrl, channel, onNotify, onLive);
        listeners.add(l);
        return async () => {
          listeners.delete(l);
          await l.close();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((l) => l.close()));
        await pool.end();
      },
    };
  }
  let dir = 'memory://';
  if (!opts.inMemory) {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  pgliteDbs.add(db as unknown as Db);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    // One embedded session: its own NOTIFYs come back to it, and nothing else writes.
    listen: async (channel, onNotify, onLive) => {
      const unlisten = await client.listen(channel, onNotify);
      onLive(true);
      return async () => {
        onLive(false);
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}
