import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dailyJob } from '../ops/daily-job';
import type { ResourceDef } from '../../shared/resource';
import type { Database, Db } from '../db/client';
import { purgeInBatches } from '../ops/purge-lock';
import { rowsOf } from '../db/rows';
import { recordVersions, trash, versionKey } from '../db/system-tables';
import type { FileStorage } from '../storage/file-storage';
import { purgeRecord, type PurgeBy } from './store';

/** The daily purge acts as nobody: its entries have no actor and no address. */
const EXPIRED: PurgeBy = {
  actor: { actorId: null, actorEmail: null, ip: null, userAgent: null },
  action: 'purge-expired',
};

/** Session advisory lock of the purge: one replica purges while the others skip. */
const PURGE_LOCK = 7_231_030;
const BATCH = 500;

/**
 * Records deleted more than `days` ago: in the trash, or deleted where no
 * trash keeps them (their newest version a delete) with versions left over.
 */
async function pastRetention(db: Db, days: number): Promise<{ resource: string; record_id: string }[]> {
  const cutoff = sql`now() - make_interval(days => ${days}::int)`;
  return rowsOf(
    await db.execute(sql`
      (SELECT resource, record_id FROM ${trash} WHERE deleted_at < ${cutoff} LIMIT ${BATCH})
      UNION
      (SELECT v.resource, v.record_id FROM ${recordVersions} v
        WHERE v.op = 'delete' AND v.at < ${cutoff}
          AND NOT EXISTS (SELECT 1 FROM ${recordVersions} w WHERE ${versionKey(sql`w.record_id`)} = ${versionKey(sql`v.record_id`)} AND w.record_id = v.record_id AND w.resource = v.resource AND w.version > v.version)
          AND NOT EXISTS (SELECT 1 FROM ${trash} t WHERE t.resource = v.resource AND t.record_id = v.record_id AND t.deleted_at >= ${cutoff})
        LIMIT ${BATCH})`),
  );
}

/** Purges everything past TRASH_RETENTION_DAYS, in batches; one replica at a time. Returns how many records went. */
export async function purgeTrash(
  database: Pick<Database, 'maintenance'>,
  resources: readonly ResourceDef[],
  storage: FileStorage,
  days: number,
): Promise<number> {
  return purgeInBatches(
    database,
    PURGE_LOCK,
    (db) => pastRetention(db, days),
    (db, t) =>
      purgeRecord(
        db,
        resources.find((x) => x.name === t.resource),
        t.resource,
        t.record_id,
        storage,
        EXPIRED,
      ),
  );
}

/** TRASH_RETENTION_DAYS: a purge at start, then one a day in every process. */
export function trashPurger(app: FastifyInstance, resources: readonly ResourceDef[]) {
  const days = app.deps.config.trashRetentionDays;
  return dailyJob(app, 'trash purge failed; the next run tries again', async () => {
    const n = await purgeTrash(app.deps.database, resources, app.deps.storage, days);
    if (n) app.log.info({ purged: n, days }, 'deleted records past the trash retention purged');
  });
}
