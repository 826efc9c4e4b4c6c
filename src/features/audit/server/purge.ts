import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dailyJob } from '../../../core/server/ops/daily-job';
import type { Db } from '../../../core/server/db/client';
import { inTransaction } from '../../../core/server/db/transaction';
import { rowsOf } from '../../../core/server/db/rows';
import { auditLogs } from '../../../core/server/db/system-tables';

/** Advisory lock of the purge: while one replica deletes, the others skip (the delete is idempotent anyway). */
const PURGE_LOCK = 7_231_018;

/**
 * Deletes entries older than `days`. Safe from any number of replicas at
 * once: the cut-off is the database's clock, and a replica that finds
 * another purging leaves it to them. Returns how many entries went.
 */
export async function purgeAuditLogs(db: Db, days: number): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${PURGE_LOCK}) AS got`));
    if (!lock?.got) return 0;
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(
        sql`WITH gone AS (DELETE FROM ${auditLogs} WHERE ${auditLogs.at} < now() - make_interval(days => ${days}::int) RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      ),
    );
    return Number(row?.n ?? 0);
  });
}

/** AUDIT_RETENTION_DAYS: a purge at start, then one a day in every process. */
export function auditPurger(app: FastifyInstance) {
  const days = app.deps.config.auditRetentionDays;
  // A day's entries on a busy install can take longer to delete than a request may run.
  return dailyJob(app, 'audit log purge failed; the next run tries again', async () => {
    const n = await app.deps.database.maintenance((db) => purgeAuditLogs(db, days));
    if (n) app.log.info({ purged: n, days }, 'audit log entries past retention purged');
  });
}
