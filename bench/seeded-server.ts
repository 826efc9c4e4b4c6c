/**
 * What the benchmarks that run the real server over many seeded users share
 * (bench/api and bench/export-memory.ts): the superadmin they seed and sign
 * in as, the server's settings, bulk seeding with progress lines, and the
 * sign-in over HTTP.
 */
import path from 'node:path';
import { buildApp, type App, type BuildOptions } from '../src/core/server/app';
import { loadConfig } from '../src/core/server/config';
import type { Database } from '../src/core/server/db/client';
import { seedUsers, type SeedResult } from './api/seed';

export const ADMIN_EMAIL = 'bench-admin@example.com';
export const ADMIN_PASSWORD = 'bench-admin-pass-123';

export type Kind = 'pglite' | 'postgres';

export const log = (s: string) => console.log(s);

/** The real server, logger off (`BENCH_LOG=1`: its errors on stdout), over `dataDir` (PGlite) or the PostgreSQL database `databaseUrl` names. */
export function buildBenchApp(dataDir: string, databaseUrl?: string, options: Omit<BuildOptions, 'logger'> = {}): Promise<App> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.BENCH_LOG ? 'error' : 'silent',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // Login is rate limited per IP; every bench request comes from 127.0.0.1.
    AUTH_RATE_LIMIT: '100000',
    WEB_DIR: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return buildApp(config, { ...options, logger: Boolean(process.env.BENCH_LOG) });
}

/**
 * Seeds `rows` bulk users in SQL, saying so before and after (lines prefixed
 * with the database kind). On the database's maintenance connection: a batch
 * of 100,000 users, or the VACUUM after a million, takes longer than the
 * request pool's statement timeout allows.
 */
export async function seedWithProgress(kind: Kind, database: Database, rows: number): Promise<SeedResult & { note: string }> {
  log(`[${kind}] seeding ${rows.toLocaleString('en')} users in SQL (generate_series, batches of 100,000)...`);
  // PostgreSQL sorts each rebuilt index in memory with 1 GB; PGlite's WebAssembly heap has no such room.
  const options = kind === 'postgres' ? { maintenanceWorkMem: '1GB' } : {};
  const s = await database.maintenance((db) => seedUsers(db, rows, (m) => log(`[${kind}]${m}`), options));
  const indexes = s.indexSeconds ? ` (of which ${s.indexSeconds.toFixed(1)} s rebuilding indexes)` : '';
  const note = `seeded ${s.rows.toLocaleString('en')} users in ${s.seconds.toFixed(1)} s${indexes}, VACUUM ANALYZE ${s.analyzeSeconds.toFixed(1)} s`;
  log(`[${kind}] ${note}`);
  return { ...s, note };
}

/** Signs the bench superadmin in at `base` (the server's URL); returns the Bearer token. */
export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
