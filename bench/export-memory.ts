/**
 * Peak memory of `GET /api/auth/users/export.csv` over 1,000,000 users
 * (the export streams, so memory stays flat at any size).
 *
 * Seeds the users in SQL (bench/api/seed.ts), starts the real server
 * (buildApp + listen, logger off) in this process, downloads the whole
 * export over HTTP as the superadmin, counting lines and bytes without
 * keeping them, and samples this process's RSS every 50 ms. Prints the RSS
 * before the download, the peak during it, and the RSS at each tenth of
 * the rows, so a growing curve would show.
 *
 * Usage:
 *   npx tsx --expose-gc bench/export-memory.ts                     # PostgreSQL (database bench_export, dropped after)
 *   npx tsx --expose-gc bench/export-memory.ts --db pglite         # embedded PGlite in a temporary DATA_DIR
 *   npx tsx --expose-gc bench/export-memory.ts --rows 200000 --keep  # keep (and reuse) the seeded database
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { countUsers } from './api/seed';
import { buildBenchApp, log, seedWithProgress, signIn, type Kind } from './seeded-server';

const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const kindArg = opt('db', 'postgres');
if (kindArg !== 'pglite' && kindArg !== 'postgres') throw new Error(`--db is pglite or postgres, not ${kindArg}`);
const kind: Kind = kindArg;
const rows = Number(opt('rows', '1000000'));
const keep = argv.includes('--keep');
const pgUrl = opt('pg-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const DB = 'bench_export';
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function pgAdmin(fn: (c: pg.Client) => Promise<unknown>) {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}

const dataDir = keep ? path.join(tmpdir(), 'bench-export-pglite') : mkdtempSync(path.join(tmpdir(), 'bench-export-'));
mkdirSync(dataDir, { recursive: true });
const dbUrl = new URL(pgUrl);
dbUrl.pathname = `/${DB}`;
if (kind === 'postgres') {
  await pgAdmin(async (c) => {
    const exists = (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount;
    if (!exists || !keep) {
      await c.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${DB}`);
    }
  });
}
const app = await buildBenchApp(dataDir, kind === 'postgres' ? dbUrl.toString() : undefined);
try {
  const db = app.deps.database.db;
  if ((await countUsers(db)) < rows) await seedWithProgress(kind, app.deps.database, rows);
  const total = await countUsers(db);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const token = await signIn(base);

  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/users/export.csv`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`export failed: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  const marks: string[] = [];
  let nextMark = total / 10;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
    if (lines >= nextMark) {
      marks.push(`${Math.round((lines / total) * 100)}%: ${mb(process.memoryUsage().rss)}`);
      nextMark += total / 10;
    }
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  log(
    `\n[${kind}] export.csv of ${total.toLocaleString('en')} users: ${(lines - 1).toLocaleString('en')} rows, ${mb(bytes)} in ${seconds.toFixed(1)} s (${Math.round((lines - 1) / seconds).toLocaleString('en')} rows/s)`,
  );
  log(
    `[${kind}] RSS before ${mb(before.rss)} (heap ${mb(before.heapUsed)}), peak during the download ${mb(peak)} (+${mb(peak - before.rss)})`,
  );
  log(`[${kind}] RSS as the rows arrived: ${marks.join(', ')}`);
  if (lines - 1 !== total) {
    console.error(`expected ${total} rows, got ${lines - 1}`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
  if (!keep) {
    if (kind === 'postgres') await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
