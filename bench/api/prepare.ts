import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp, type App, type BuildOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { rowsOf } from '../../src/server/db/rows';
import type { BenchArgs } from './args';
import { benchDatabase } from './bench-database';
import { countUsers, seedUsers } from './seed';

export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench-admin-pass-123';

export type Kind = 'pglite' | 'postgres';

export const log = (s: string) => console.log(s);

export interface Prepared {
  /** The server over the seeded database. */
  app: App;
  /** Closes the server and opens another over the same database (built with `options`). */
  reopen(options?: Omit<BuildOptions, 'logger'>): Promise<App>;
  cleanup(): Promise<void>;
  seedNote: string;
}

/** A server over a database holding `rows` bulk users (seeded now unless reusable). */
export async function prepare(kind: Kind, args: BenchArgs): Promise<Prepared> {
  const dataDir = args.reuse ? path.join(tmpdir(), 'bench-api-pglite') : mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  mkdirSync(dataDir, { recursive: true });
  // PostgreSQL: a database of this run's own, or the one BENCH_DATABASE_URL names; never another.
  const pgDb = kind === 'postgres' ? await benchDatabase(args.pgUrl) : undefined;
  const fresh = async () => {
    if (pgDb) throw new Error(`BENCH_DATABASE_URL names a database that holds other data; give an empty one`);
    rmSync(path.join(dataDir, 'db'), { recursive: true, force: true });
  };
  const build = async (options: Omit<BuildOptions, 'logger'> = {}) => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // Login is rate limited per IP; every bench request comes from 127.0.0.1.
      AUTH_RATE_LIMIT: '100000',
      WEB_DIR: path.join(dataDir, 'no-web'),
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    return buildApp(config, { ...options, logger: false });
  };

  const expected = args.rows + (args.rows > 0 ? 2 : 1); // bulk + rare-term user + admin
  if (kind === 'pglite' && (!args.reuse || !existsSync(path.join(dataDir, 'db')))) await fresh();
  let app = await build();
  let seedNote = '';
  let n = await countUsers(app.deps.database.db);
  if (n !== expected) {
    if (n > 1) {
      await app.close();
      await fresh();
      app = await build();
    }
    log(`[${kind}] seeding ${args.rows.toLocaleString('en')} users in SQL (generate_series, batches of 100,000)...`);
    const s = await seedUsers(app.deps.database.db, args.rows, (m) => log(`[${kind}]${m}`));
    seedNote = `seeded ${s.rows.toLocaleString('en')} users in ${s.seconds.toFixed(1)} s, VACUUM ANALYZE ${s.analyzeSeconds.toFixed(1)} s`;
    log(`[${kind}] ${seedNote}`);
    n = await countUsers(app.deps.database.db);
  } else {
    const v = performance.now();
    await app.deps.database.db.execute(sql.raw('VACUUM ANALYZE users'));
    seedNote = `reused ${n.toLocaleString('en')} users (VACUUM ANALYZE ${((performance.now() - v) / 1000).toFixed(1)} s)`;
    log(`[${kind}] ${seedNote}`);
  }
  const prepared: Prepared = {
    app,
    seedNote,
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
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { token: string }).token;
  return { base, headers: { authorization: `Bearer ${token}` } };
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
