import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { App, BuildOptions } from '../../src/core/server/app';
import { rowsOf } from '../../src/core/server/db/rows';
import { buildBenchApp, log, seedWithProgress, signIn, type Kind } from '../seeded-server';
import type { BenchArgs } from './args';
import { benchDatabase } from './bench-database';
import { countUsers } from './seed';

export { ADMIN_EMAIL, ADMIN_PASSWORD, log, type Kind } from '../seeded-server';

export interface Prepared {
  /** The server over the seeded database. */
  app: App;
  /** Closes the server and opens another over the same database (built with `options`). */
  reopen(options?: Omit<BuildOptions, 'logger'>): Promise<App>;
  cleanup(): Promise<void>;
  seedNote: string;
  /** How long this run's seed took (undefined when the rows were reused). */
  seedSeconds?: number;
  /** PostgreSQL: the bench database's URL (the bare handler connects to it too). */
  databaseUrl?: string;
  /** The server's data folder (PGlite's database is in it). */
  dataDir: string;
}

/** A server over a database holding `rows` bulk users (seeded now unless reusable). */
export async function prepare(kind: Kind, args: BenchArgs, opts: { dbPrefix?: string } = {}): Promise<Prepared> {
  const dataDir = args.reuse ? path.join(tmpdir(), 'bench-api-pglite') : mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  mkdirSync(dataDir, { recursive: true });
  // PostgreSQL: a database of this run's own, or the one BENCH_DATABASE_URL names; never another.
  const pgDb = kind === 'postgres' ? await benchDatabase(args.pgUrl, undefined, opts.dbPrefix) : undefined;
  const fresh = async () => {
    if (pgDb) throw new Error(`BENCH_DATABASE_URL names a database that holds other data; give an empty one`);
    rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
  };
  const build = (options: Omit<BuildOptions, 'logger'> = {}) => buildBenchApp(dataDir, pgDb?.url, options);

  const expected = args.rows + (args.rows > 0 ? 2 : 1); // bulk + rare-term user + admin
  if (kind === 'pglite' && (!args.reuse || !existsSync(path.join(dataDir, 'db')))) await fresh();
  let app = await build();
  let seedNote = '';
  let seedSeconds: number | undefined;
  let n = await countUsers(app.deps.database.db);
  if (n !== expected) {
    if (n > 1) {
      await app.close();
      await fresh();
      app = await build();
    }
    const seeded = await seedWithProgress(kind, app.deps.database, args.rows);
    seedNote = seeded.note;
    seedSeconds = seeded.seconds;
    n = await countUsers(app.deps.database.db);
  } else {
    const v = performance.now();
    await app.deps.database.maintenance((db) => db.execute(sql.raw('VACUUM ANALYZE users')));
    seedNote = `reused ${n.toLocaleString('en')} users (VACUUM ANALYZE ${((performance.now() - v) / 1000).toFixed(1)} s)`;
    log(`[${kind}] ${seedNote}`);
  }
  const prepared: Prepared = {
    app,
    seedNote,
    seedSeconds,
    databaseUrl: pgDb?.url,
    dataDir,
    async reopen(options) {
      await prepared.app.close();
      prepared.app = await build(options);
      return prepared.app;
    },
    async cleanup() {
      await prepared.app.close();
      await pgDb?.release();
      if (!args.reuse) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return prepared;
}

/** Starts `app` on a random port and signs the bench superadmin in. */
export async function listenAndSignIn(app: App): Promise<{ base: string; headers: Record<string, string> }> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return { base, headers: { authorization: `Bearer ${await signIn(base)}` } };
}

/** A thousand bulk users' ids from all over the table (about 1% of its pages). */
export async function sampleIds(app: App): Promise<string[]> {
  const idRows = await app.deps.database.db.execute(
    sql.raw(`SELECT id FROM users TABLESAMPLE SYSTEM (1) REPEATABLE (42) WHERE password_hash IS NULL LIMIT 1000`),
  );
  const ids = rowsOf<{ id: string }>(idRows).map((r) => String(r.id));
  if (ids.length) return ids;
  // A small table can sample no page at all: then the first thousand.
  return rowsOf<{ id: string }>(await app.deps.database.db.execute(sql.raw(`SELECT id FROM users LIMIT 1000`))).map((r) => String(r.id));
}
