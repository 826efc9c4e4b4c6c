/**
 * The bulk seed with its secondary indexes kept up to date by the inserts
 * against the same seed rebuilding them at the end (bench/api/seed.ts), on
 * fresh PostgreSQL databases, alternated in one run (not a test).
 *
 *   npx tsx bench/seed-compare.ts [rows=1000000] [rounds=1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { benchDatabase } from './api/bench-database';
import { buildBenchApp, log } from './seeded-server';
import { seedUsers } from './api/seed';

const rows = Number(process.argv[2] ?? 1_000_000);
const rounds = Number(process.argv[3] ?? 1);
const server = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function once(rebuild: boolean): Promise<number> {
  // Always a database of its own (never BENCH_DATABASE_URL's): each seed starts from an empty table.
  const db = await benchDatabase(server, '');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-seed-compare-'));
  const app = await buildBenchApp(dataDir, db.url);
  try {
    const s = await app.deps.database.maintenance((d) =>
      seedUsers(d, rows, () => undefined, { maintenanceWorkMem: '1GB', rebuildFrom: rebuild ? 0 : Infinity }),
    );
    log(
      `${rebuild ? 'rebuilt indexes' : 'kept indexes   '}: ${rows.toLocaleString('en')} users in ${s.seconds.toFixed(1)} s (indexes ${s.indexSeconds.toFixed(1)} s), load ${loadavg()[0].toFixed(1)}`,
    );
    return s.seconds;
  } finally {
    await app.close();
    await db.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  for (let i = 0; i < rounds; i++) {
    const kept = await once(false);
    const rebuilt = await once(true);
    log(`round ${i + 1}: rebuilt / kept = ${(rebuilt / kept).toFixed(2)}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
