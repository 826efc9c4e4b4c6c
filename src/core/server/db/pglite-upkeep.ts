import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';
import { createPoller, type Poller, type PollerLog } from '../ops/poller';

/** What the upkeep says: each long table's work, and (once until it works again) that it failed. */
export interface UpkeepLog extends PollerLog {
  info(obj: Record<string, unknown>, msg: string): void;
}

/** How often the upkeep looks for tables due: autovacuum_naptime's default. */
export const UPKEEP_POLL_MS = 60_000;

/** A table's work is logged when it held the database this long. */
const LOGGED_FROM_MS = 100;

interface DueTable {
  rel: string;
  vacuum: boolean;
  analyze: boolean;
}

/**
 * The tables autovacuum would work on now, by PostgreSQL's own settings
 * (autovacuum_*_threshold and _scale_factor over the table's last known row
 * count; per-table settings are not read): VACUUM for dead rows or rows
 * inserted since the last one (which also moves the trigram indexes'
 * pending lists into them), ANALYZE for rows changed since the last one.
 * The change counters reach these views about a second after a transaction
 * commits, and PGlite starts every time with them at zero: so a table is
 * also due for ANALYZE when it holds data and was never analyzed, or when
 * it has grown past the same scale factor in pages since the last count of
 * its pages (which VACUUM and ANALYZE take). Biggest first.
 */
const DUE_TABLES = sql.raw(`
  SELECT s.relid::regclass::text AS rel,
    (s.n_dead_tup > current_setting('autovacuum_vacuum_threshold')::float8
        + current_setting('autovacuum_vacuum_scale_factor')::float8 * n.rows
      OR s.n_ins_since_vacuum > current_setting('autovacuum_vacuum_insert_threshold')::float8
        + current_setting('autovacuum_vacuum_insert_scale_factor')::float8 * n.rows) AS vacuum,
    (s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
        + current_setting('autovacuum_analyze_scale_factor')::float8 * n.rows
      OR (c.reltuples < 0 AND n.pages > 0)
      OR n.pages > 1 + c.relpages * (1 + current_setting('autovacuum_analyze_scale_factor')::float8)) AS analyze
  FROM pg_stat_user_tables s
  JOIN pg_class c ON c.oid = s.relid
  CROSS JOIN LATERAL (SELECT greatest(c.reltuples, 0)::float8 AS rows,
    pg_relation_size(c.oid) / current_setting('block_size')::float8 AS pages) n
  WHERE s.schemaname = current_schema()
  ORDER BY n.pages DESC`);

async function dueTables(db: Db): Promise<DueTable[]> {
  return rowsOf<DueTable>(await db.execute(DUE_TABLES)).filter((t) => t.vacuum || t.analyze);
}

const workOf = (t: DueTable) => (t.vacuum && t.analyze ? 'VACUUM (ANALYZE)' : t.vacuum ? 'VACUUM' : 'ANALYZE');

/**
 * PGlite runs PostgreSQL as one process with no background workers: no
 * autovacuum ever runs there, so without this a table never gets
 * statistics and the planner guesses. On 1,000,000 users never analyzed a
 * search for "harb" took 13.8 s instead of 31-41 ms (bench/RESULTS.md). The
 * upkeep does autovacuum's work in the server: at start and every minute,
 * one due table at a time (requests run between two tables; each table's
 * work holds PGlite's one session while it runs, an ANALYZE of 1,000,000
 * users a few seconds). PostgreSQL has its own autovacuum and needs none.
 */
export function pgliteUpkeep(db: Db, log: UpkeepLog, pollMs = UPKEEP_POLL_MS): Poller {
  // The tables of the pass under way: each table is worked on at most once a pass, whatever its counters say next.
  let queue: DueTable[] | null = null;
  return createPoller({
    pollMs,
    async step() {
      queue ??= await dueTables(db);
      const table = queue.shift();
      if (table) {
        const started = performance.now();
        try {
          // The name is the catalog's own quoting of a table of this schema, never a request's.
          await db.execute(sql.raw(`${workOf(table)} ${table.rel}`));
        } catch (err) {
          // The pass ends here; the next one asks the database afresh.
          queue = null;
          throw err;
        }
        const ms = Math.round(performance.now() - started);
        // Worth a line when requests had to wait for it (a small table's takes a few milliseconds).
        if (ms >= LOGGED_FROM_MS) log.info({ table: table.rel, work: workOf(table), ms }, 'database upkeep');
      }
      if (queue.length > 0) return true;
      queue = null;
      return false;
    },
    log,
    unreachable: 'database upkeep failed; will try again',
  });
}
