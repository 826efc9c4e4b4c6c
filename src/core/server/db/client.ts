import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite-options';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { searchIndexStatistics } from './search-statistics';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createListenHub } from './pg-listener';
import { isDatabaseUnavailable, markConnectFailure } from './availability';
import { lockDataDir } from './data-dir-lock';
import { withAdvisoryLock } from './advisory-lock';
import { dumpWhileIdle } from './pglite-dump';
import { pgliteUpkeep, type UpkeepLog } from './pglite-upkeep';
import { forDrizzle } from './pglite-parsers';
import { DEFAULT_STATEMENT_TIMEOUT_SECONDS } from '../config';

export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (from any process), and
   * `onLive` when the subscription starts or is lost: while it is not live,
   * notifications can be missed. Resolves to the unsubscribe function (which
   * the database's close also runs).
   */
  listen(channel: string, onNotify: (payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other process on this database runs its own
   * (migrations, seeding): a PostgreSQL advisory lock; PGlite is one process already.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` on a connection with no statement timeout: migrations, the
   * retention purge and bulk seeding may take longer than any request should.
   * PostgreSQL: a connection of its own, closed afterwards; PGlite: the one
   * session (it has no request timeout).
   */
  maintenance<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** PostgreSQL only: the connection pool's state (the db_pool_connections metric). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * PGlite only: the whole data directory as a tarball (what `loadDataDir`
   * takes back), taken while no query or transaction runs; `alsoWhileIdle`
   * runs inside that same pause (a backup links the uploads then).
   */
  dumpDataDir?: (alsoWhileIdle?: () => Promise<void>) => Promise<Blob>;
  close(): Promise<void>;
}

const pgliteClients = new WeakMap<Db, PGlite>();
/** Whether queries on `db` run in the embedded PGlite (one session, in this thread). */
export const isPglite = (db: Db): boolean => pgliteClients.has(db);
/** The embedded PGlite under `db` (not a transaction's): for reads that skip drizzle (pglite-prepared.ts). */
export const pgliteClientOf = (db: Db): PGlite | undefined => pgliteClients.get(db);

/** How long a request waits for a new PostgreSQL connection before it is told to retry (503). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A pg client whose failures to connect are marked as such: whatever their
 * code, they mean the database cannot be reached right now (503), not a bug.
 */
class TaggedClient extends pg.Client {
  // node-postgres calls connect(callback) from its pool, connect() elsewhere.
  override connect(): Promise<pg.Client>;
  override connect(callback: (err: Error | null, c?: pg.Client) => void): void;
  override connect(callback?: (err: Error | null, c?: pg.Client) => void): Promise<pg.Client> | void {
    if (callback) return super.connect((err: Error | null) => (err ? callback(markConnectFailure(err)) : callback(null, this)));
    return super.connect().catch((err: unknown) => {
      throw markConnectFailure(err);
    });
  }
}

type PgDb = ReturnType<typeof drizzlePg<Record<string, never>, pg.Pool>>;

/**
 * Transactions on a client this code checks out and always gives back.
 * drizzle (0.45) runs BEGIN before its try/finally, so a connection that
 * dies right after checkout was never released: a few of those and the pool
 * was exhausted for good. A client whose connection broke is discarded.
 */
function transactionOnOwnClient(pool: pg.Pool): PgDb['transaction'] {
  return async <T>(work: Parameters<PgDb['transaction']>[0], config?: Parameters<PgDb['transaction']>[1]): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return (await drizzlePg(client).transaction(work, config)) as T;
    } catch (err) {
      if (isDatabaseUnavailable(err)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The settings of every session of a pool or client: `statement_timeout`
 * (`0` is PostgreSQL's "no limit"), and no JIT compilation. JIT pays off for
 * long analytic scans; for this product's short queries it only costs: a
 * reader's audit list (access rules written into its SQL as CASE and EXISTS
 * expressions) looks expensive to the planner, and compiling it took 3.8 s
 * for a query that runs in 2 ms.
 */
const sessionOptions = (seconds: number) => `-c statement_timeout=${Math.round(seconds * 1000)} -c jit=off`;

/**
 * Work on a connection of its own without a statement timeout, whatever the
 * pool's: a migration building an index on a large table, or a purge of a
 * day's audit entries, must not be cancelled like a runaway request.
 */
async function onMaintenanceConnection<T>(databaseUrl: string, log: (err: Error) => void, work: (db: PgDb) => Promise<T>): Promise<T> {
  const client = new TaggedClient({ connectionString: databaseUrl, options: sessionOptions(0) });
  client.on('error', log);
  await client.connect();
  try {
    return await work(drizzlePg(client) as unknown as PgDb);
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
  /** PGlite only: start from this data-directory dump (tests clone a migrated, seeded template). */
  loadDataDir?: Blob;
  /** Told of PostgreSQL connections that broke (the server goes on; requests meanwhile get 503). */
  onConnectionError?: (err: Error) => void;
  /**
   * PostgreSQL only: seconds a statement of the request pool may run before
   * the server cancels it (DB_STATEMENT_TIMEOUT); 0: no limit. Migrations and
   * `maintenance` work run without it.
   */
  statementTimeoutSeconds?: number;
  /** Tests only: migrations from another folder (an extra slow one, an older release's). */
  migrationsFolder?: string;
  /** PGlite only: autovacuum's work, done by this process (pglite-upkeep.ts); none unless asked for (the server asks). */
  upkeep?: { log: UpkeepLog; pollMs?: number };
}

/** Connections of the request pool kept open while idle. */
const WARM_CONNECTIONS = 10;

/** The request pool of a PostgreSQL database; `log` hears of the connections that broke. */
function requestPool(databaseUrl: string, statementTimeoutSeconds: number, log: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 20,
    // A new connection's first statement of each kind costs 40-100 ms more than its next (the server process fills
    // its catalog and statistics caches): the pool keeps enough open for one search's groups side by side, however
    // long the server sits idle. The rest close after the pool's default 10 s idle.
    min: WARM_CONNECTIONS,
    // A runaway query ends server-side instead of running on after its client left.
    options: sessionOptions(statementTimeoutSeconds),
    // While the database is away, requests fail fast (503) instead of queueing for a connection.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    Client: TaggedClient,
  });
  // A connection lost while idle in the pool: the pool drops it and opens another when needed.
  pool.on('error', log);
  // A connection lost while checked out but between queries (inside a transaction) emits
  // 'error' on its client, where nothing listens: unhandled, that ended the process. Its next
  // query fails instead, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', log));
  return pool;
}

/** PostgreSQL at `databaseUrl`, migrated by one process at a time. */
async function openPostgres(databaseUrl: string, opts: OpenOptions, migrations: string): Promise<Database> {
  const log = opts.onConnectionError ?? ((err: Error) => console.error(`PostgreSQL connection: ${err.message}`));
  const pool = requestPool(databaseUrl, opts.statementTimeoutSeconds ?? DEFAULT_STATEMENT_TIMEOUT_SECONDS, log);
  const db = drizzlePg(pool);
  db.transaction = transactionOnOwnClient(pool);
  const exclusive = <T>(work: () => Promise<T>) => withAdvisoryLock(databaseUrl, log, work);
  const maintenance = <T>(work: (db: Db) => Promise<T>) => onMaintenanceConnection(databaseUrl, log, (m) => work(m as unknown as Db));
  try {
    await exclusive(() =>
      onMaintenanceConnection(databaseUrl, log, async (m) => {
        await migratePg(m, { migrationsFolder: migrations });
        await m.execute(searchIndexStatistics);
      }),
    );
  } catch (err) {
    // A failed first start (database not there yet) must not leave a pool behind: the caller retries.
    await pool.end().catch(() => undefined);
    throw err;
  }
  // One LISTEN connection for the whole process, opened by the first subscriber.
  const hub = createListenHub(databaseUrl, log);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    exclusive,
    maintenance,
    listen: (channel, onNotify, onLive) => hub.listen(channel, { onNotify, onLive }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await hub.close();
      await pool.end();
    },
  };
}

/**
 * The embedded PGlite session, under `dataDir/db` (locked against a second
 * process) or in memory; `unlock` gives the data directory back.
 */
async function startPglite(opts: OpenOptions): Promise<{ client: PGlite; unlock: () => void }> {
  let dir = 'memory://';
  let unlock: () => void = () => undefined;
  if (!opts.inMemory) {
    dir = path.join(opts.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
  }
  try {
    const client = await createPglite(dir, opts.loadDataDir);
    return { client, unlock };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** PGlite, migrated. */
async function openPglite(opts: OpenOptions, migrations: string): Promise<Database> {
  const { client, unlock } = await startPglite(opts);
  // Loaded only here, like PGlite itself (pglite-options.ts).
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite(forDrizzle(client));
  try {
    await migratePglite(db, { migrationsFolder: migrations });
    await db.execute(searchIndexStatistics);
  } catch (err) {
    await client.close().catch(() => undefined);
    unlock();
    throw err;
  }
  pgliteClients.set(db as unknown as Db, client);
  const upkeep = opts.upkeep && pgliteUpkeep(db as unknown as Db, opts.upkeep.log, opts.upkeep.pollMs);
  upkeep?.start();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    exclusive: (work) => work(),
    maintenance: (work) => work(db as unknown as Db),
    dumpDataDir: (alsoWhileIdle) => dumpWhileIdle(client, alsoWhileIdle),
    // One embedded session: its own NOTIFYs come back to it, and nothing else writes.
    listen: async (channel, onNotify, onLive) => {
      const unlisten = await client.listen(channel, (payload) => onNotify(payload));
      onLive(true);
      return async () => {
        onLive(false);
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      await upkeep?.stop();
      await client.close();
      unlock();
    },
  };
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite under `dataDir/db`
 * (`memory://` keeps it in memory, for tests), and applies migrations.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrations = opts.migrationsFolder ?? migrationsFolder;
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts, migrations) : openPglite(opts, migrations);
}
