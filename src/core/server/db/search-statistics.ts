import { sql } from 'drizzle-orm';

/**
 * How many values ANALYZE samples into the statistics of each search index's
 * folded text (PostgreSQL's default: 100). The planner judges how many rows a
 * term matches by testing it against those values: at 100, a name one person
 * in 200 bears was guessed at 0.01% after one ANALYZE and 2% after the next,
 * and the plan of a searched list's first page flipped between a scan in list
 * order (1.3 ms when the term is common) and reading every match (19 ms for
 * 5,000 of them). At 1,000 the guess stays within twice the truth and the plan
 * holds; ANALYZE of 1,000,000 users takes 4 s instead of 1.
 */
export const SEARCH_STATISTICS_TARGET = 1000;

/**
 * Sets that target on every index over `search_fold(...)` that lacks it: the
 * declarations' search indexes, those of a resource added later included.
 * Run after the migrations, on every start (a catalog read when nothing is
 * left to set).
 */
export const searchIndexStatistics = sql.raw(`DO $$
DECLARE ix regclass;
BEGIN
  -- A table another's work holds (a VACUUM FULL, an index build) is left for the next start, not waited for.
  PERFORM set_config('lock_timeout', '5s', true);
  FOR ix IN
    SELECT i.indexrelid::regclass FROM pg_index i
    JOIN pg_attribute a ON a.attrelid = i.indexrelid AND a.attnum = 1
    JOIN pg_namespace n ON n.oid = (SELECT relnamespace FROM pg_class WHERE oid = i.indexrelid)
    WHERE n.nspname = current_schema()
      -- The first column is an expression (0 in indkey) over search_fold: only an expression's statistics can be set.
      AND i.indkey[0] = 0 AND pg_get_indexdef(i.indexrelid, 1, true) LIKE '%search_fold(%'
      AND a.attstattarget IS DISTINCT FROM ${SEARCH_STATISTICS_TARGET}
  LOOP
    BEGIN
      EXECUTE format('ALTER INDEX %s ALTER COLUMN 1 SET STATISTICS ${SEARCH_STATISTICS_TARGET}', ix);
    EXCEPTION WHEN insufficient_privilege OR lock_not_available OR feature_not_supported THEN
      -- An index the server's role does not own, one locked by another's work, or one whose first column is not
      -- what this expects: tuning, never a reason not to start. The notice reaches the database's log only.
      RAISE NOTICE 'search index % keeps its statistics target: %', ix, SQLERRM;
    END;
  END LOOP;
END $$`);
