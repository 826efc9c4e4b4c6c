import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/core/server/db/client';
import { rowsOf } from '../../src/core/server/db/rows';
import { buildApp } from '../../src/core/server/app';
import { loadConfig } from '../../src/core/server/config';
import { baseEnv } from './template';

interface Logged {
  msg: string;
  obj: Record<string, unknown>;
}

const recorder = () => {
  const lines: Logged[] = [];
  const at = (msg: string, obj: Record<string, unknown>) => lines.push({ msg, obj });
  return {
    lines,
    log: {
      info: (obj: Record<string, unknown>, msg: string) => at(msg, obj),
      warn: (obj: Record<string, unknown>, msg: string) => at(msg, obj),
    },
  };
};

/** People as an import of a few thousand leaves them: names that repeat, one in twenty a Maria. */
const addPeople = (db: Database, from: number, to: number) =>
  db.db.execute(
    sql.raw(`INSERT INTO users (name, email, created_at)
      SELECT CASE WHEN g % 20 = 0 THEN 'Maria Papadopoulou ' || g ELSE 'Nikos Georgiou ' || g END,
        'person' || g || '@example.org', now() - g * interval '1 minute'
      FROM generate_series(${from}, ${to}) g`),
  );

interface UsersStats {
  reltuples: number;
  dead: number;
  analyzed: boolean;
  vacuumed: boolean;
  /** When the last ANALYZE and VACUUM ran. */
  at: string | null;
  vacuumedAt: string | null;
  /** Rows changed since the last ANALYZE. */
  modified: number;
  /** Changes still counted towards an ANALYZE or a VACUUM. */
  pending: number;
}

/** What the planner and the statistics views hold for the users table. */
const usersStats = async (db: Database) =>
  rowsOf<UsersStats>(
    await db.db.execute(
      sql.raw(`SELECT c.reltuples::int AS reltuples, s.n_dead_tup::int AS dead,
          s.last_analyze IS NOT NULL AS analyzed, s.last_vacuum IS NOT NULL AS vacuumed,
          s.last_analyze::text AS at, s.last_vacuum::text AS "vacuumedAt", s.n_mod_since_analyze::int AS modified,
          (s.n_mod_since_analyze + s.n_ins_since_vacuum)::int AS pending
        FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = 'users'::regclass`),
    ),
  )[0];

/** How many users the planner expects a search for "maria" to find. */
const plannedMarias = async (db: Database) => {
  const rows = rowsOf<{ 'QUERY PLAN': unknown }>(
    await db.db.execute(sql.raw(`EXPLAIN (FORMAT JSON) SELECT id FROM users WHERE search_fold(name) LIKE '%maria%'`)),
  );
  const plan = rows[0]['QUERY PLAN'];
  return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan['Plan Rows'] as number;
};

const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
};

/**
 * Until the upkeep has caught up with the rows written: a first ANALYZE may
 * come before their counts reach the statistics views (about a second after
 * the commit), and those counts then make the table due once more. A VACUUM
 * follows only the counts, so once one has run and nothing is counted since,
 * the upkeep has nothing left to do.
 */
const settled = (db: Database) =>
  until(
    () => usersStats(db),
    (s) => s.vacuumed && s.pending === 0,
  );

// PGlite runs no autovacuum: without the server's upkeep a table is never analyzed and the planner guesses.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database kept up like autovacuum would', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'bo-upkeep-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  test('rows written are analyzed and vacuumed, and a table left alone is not worked on again', async () => {
    const { lines, log } = recorder();
    const db = await openDatabase({ dataDir: dataDir(), inMemory: true, upkeep: { log, pollMs: 200 } });
    const untended = await openDatabase({ dataDir: dataDir(), inMemory: true });
    try {
      for (const d of [db, untended]) await addPeople(d, 1, 6000);
      // Without the upkeep nothing ever tells the planner: it never learns how many rows there are.
      const after = await until(
        () => usersStats(db),
        (s) => s.analyzed && s.reltuples === 6000,
      );
      expect(after).toMatchObject({ reltuples: 6000, analyzed: true });
      expect(await settled(db)).toMatchObject({ vacuumed: true, pending: 0 });
      expect(await usersStats(untended)).toMatchObject({ reltuples: -1, analyzed: false });
      // 300 of the 6,000 are Marias: the planner now expects about that many, where it guessed from nothing before.
      const planned = await plannedMarias(db);
      expect(planned).toBeGreaterThan(150);
      expect(planned).toBeLessThan(600);
      expect(await plannedMarias(untended)).not.toBe(planned);

      // A third of the rows rewritten: their old versions are dead until a VACUUM clears them.
      const analyzedAt = () => usersStats(db);
      const first = await analyzedAt();
      const moved = rowsOf(
        await db.db.execute(
          sql.raw(`UPDATE users SET name = name || ' (moved)' WHERE created_at < now() - interval '4000 minutes' RETURNING id`),
        ),
      ).length;
      expect(moved).toBeGreaterThan(1250); // past autovacuum's 50 + 20% of 6,000
      const vacuumed = await until(analyzedAt, (s) => s.at !== first.at && s.vacuumedAt !== first.vacuumedAt);
      expect(vacuumed).toMatchObject({ dead: 0 });
      expect([vacuumed.at, vacuumed.vacuumedAt]).not.toContain(null);
      expect(vacuumed.at).not.toBe(first.at);
      expect(vacuumed.vacuumedAt).not.toBe(first.vacuumedAt);
      expect(await usersStats(untended)).toMatchObject({ analyzed: false });

      // Nothing changes any more: polls find nothing due (no error logged either).
      await new Promise((r) => setTimeout(r, 1500));
      expect(await analyzedAt()).toEqual(vacuumed);
      expect(lines.filter((l) => l.msg !== 'database upkeep')).toEqual([]);
    } finally {
      await db.close();
      await untended.close();
    }
  });

  test('the server analyzes a database that was never analyzed as it starts', async () => {
    const dir = dataDir();
    // Written by an earlier release, which never analyzed.
    const earlier = await openDatabase({ dataDir: dir });
    await addPeople(earlier, 1, 3000);
    expect(await usersStats(earlier)).toMatchObject({ reltuples: -1, analyzed: false });
    await earlier.close();

    const app = await buildApp(loadConfig(baseEnv(dir)), { logger: false });
    try {
      const stats = await until(
        () => usersStats(app.deps.database),
        (s) => s.analyzed,
      );
      // The 3,000 people it held as it opened, and the administrator the first start adds if they came first.
      expect(stats.reltuples).toBeGreaterThanOrEqual(3000);
      expect(stats.reltuples).toBeLessThanOrEqual(3001);
    } finally {
      await app.close();
    }
  });

  test('growth spread over restarts is analyzed, though PGlite starts with its change counters at zero', async () => {
    const dir = dataDir();
    const { log } = recorder();
    const open = () => openDatabase({ dataDir: dir, upkeep: { log, pollMs: 200 } });
    let db = await open();
    try {
      await addPeople(db, 1, 6000);
      expect(await settled(db)).toMatchObject({ vacuumed: true, pending: 0 });
      expect(await usersStats(db)).toMatchObject({ reltuples: 6000 });
      // A day of 400 new people (under the 650 changes that make a table of 6,000 due), then a restart.
      await addPeople(db, 6001, 6400);
      const modified = async () => (await usersStats(db)).modified;
      expect(await until(modified, (n) => n === 400)).toBe(400);
      await new Promise((r) => setTimeout(r, 1000));
      expect(await usersStats(db)).toMatchObject({ reltuples: 6000 });
      await db.close();
      db = await open();
      expect(await modified()).toBe(0);
      // The next day's 500: under the threshold by the counters too, but the table has grown by 15% since its last count.
      await addPeople(db, 6401, 6900);
      const stats = await until(
        () => usersStats(db),
        (s) => s.reltuples > 6000,
      );
      expect(stats.reltuples).toBe(6900);
    } finally {
      await db.close();
    }
  });
});
