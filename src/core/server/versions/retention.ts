import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dailyJob } from '../ops/daily-job';
import type { ResourceDef } from '../../shared/resource';
import { serverKindOf } from '../../field-kinds/server';
import type { Database, Db } from '../db/client';
import { purgeInBatches } from '../ops/purge-lock';
import { rowsOf } from '../db/rows';
import { inTransaction } from '../db/transaction';
import { joinTableOf, tableOf } from '../db/resource-tables';
import { isWhole, recordVersions, versionFiles, versionsOf } from '../db/system-tables';
import type { FileStorage } from '../storage/file-storage';
import { filesOf, type VersionState } from './state';
import { stateAt } from './store';

/** Session advisory lock of the purge: one replica trims while the others skip (trimming twice changes nothing). */
const PURGE_LOCK = 7_231_029;
/** Records trimmed per round trip. */
const BATCH = 500;

export interface VersionRetention {
  keep: number;
  maxDays?: number;
}

interface Trim {
  resource: string;
  record_id: string;
  /** The oldest version that stays. */
  cut: number;
}

/**
 * Records with versions past retention, and the oldest version each keeps:
 * the newest `keep`, and of those none older than `maxDays` but the newest.
 * Versions of a record are numbered without gaps, so counting is arithmetic.
 */
async function toTrim(db: Db, { keep, maxDays }: VersionRetention): Promise<Trim[]> {
  const old = maxDays ? sql`max(version) FILTER (WHERE at < now() - make_interval(days => ${maxDays}::int))` : sql`NULL::int`;
  return rowsOf<Trim>(
    await db.execute(sql`
      SELECT resource, record_id, cut FROM (
        SELECT resource, record_id, min(version) AS bottom,
               GREATEST(max(version) - ${keep}::int + 1, LEAST(coalesce(${old} + 1, 0), max(version))) AS cut
        FROM ${recordVersions} GROUP BY resource, record_id
      ) t WHERE cut > bottom LIMIT ${BATCH}`),
  );
}

/** Storage keys the given versions of a record show (their data, whole or delta). */
async function keysIn(tx: Db, r: ResourceDef, id: string, where: ReturnType<typeof lt>): Promise<Set<string>> {
  const rows = await tx
    .select({ data: recordVersions.data })
    .from(recordVersions)
    .where(and(versionsOf(r.name, id), where));
  return new Set(rows.flatMap((row) => filesOf(r, row.data as VersionState)));
}

/**
 * Drops a record's versions before `cut`, first making `cut` a whole copy
 * (the chain always starts whole). Returns the storage keys no kept version
 * shows any more.
 */
async function trimRecord(db: Db, r: ResourceDef | undefined, t: Trim): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${t.resource}), hashtext(${t.record_id}))`);
    const of = versionsOf(t.resource, t.record_id);
    if (r) {
      const state = await stateAt(tx, r, t.record_id, t.cut);
      const [row] = await tx
        .select({ full: isWhole, data: recordVersions.data })
        .from(recordVersions)
        .where(and(of, eq(recordVersions.version, t.cut)));
      if (state && row && !row.full)
        await tx
          .update(recordVersions)
          .set({ data: state, fields: Object.keys(row.data as object) })
          .where(and(of, eq(recordVersions.version, t.cut)));
    }
    const gone = r ? await keysIn(tx, r, t.record_id, lt(recordVersions.version, t.cut)) : new Set<string>();
    await tx.delete(recordVersions).where(and(of, lt(recordVersions.version, t.cut)));
    if (!r || !gone.size) return [];
    const kept = await keysIn(tx, r, t.record_id, sql`true`);
    const loose = [...gone].filter((k) => !kept.has(k));
    if (loose.length)
      await tx
        .delete(versionFiles)
        .where(and(eq(versionFiles.resource, t.resource), eq(versionFiles.recordId, t.record_id), inArray(versionFiles.key, loose)));
    return loose;
  });
}

/** Removes a file no version keeps any more, unless another record's versions or a live record still show it. */
export async function releaseFile(db: Db, r: ResourceDef, storage: FileStorage, key: string): Promise<void> {
  const [kept] = await db.select({ key: versionFiles.key }).from(versionFiles).where(eq(versionFiles.key, key)).limit(1);
  if (kept) return;
  for (const [field, def] of Object.entries(r.fields)) {
    const inUse = serverKindOf(def).fileInUse;
    if (inUse && (await inUse({ db, table: tableOf(r), field, sideTable: () => joinTableOf(r, field) }, key))) return;
  }
  await storage.remove(key);
}

/**
 * Trims every record's versions to retention, in batches, and removes the
 * files only dropped versions showed. Safe from any number of replicas: one
 * holds the lock, the others skip. Returns how many records were trimmed.
 */
export async function purgeVersions(
  database: Pick<Database, 'maintenance'>,
  resources: readonly ResourceDef[],
  storage: FileStorage,
  retention: VersionRetention,
): Promise<number> {
  return purgeInBatches(
    database,
    PURGE_LOCK,
    (db) => toTrim(db, retention),
    async (db, t) => {
      const r = resources.find((x) => x.name === t.resource);
      const loose = await trimRecord(db, r, t);
      if (r) for (const key of loose) await releaseFile(db, r, storage, key);
      return true;
    },
  );
}

/** VERSIONS_KEEP and VERSIONS_MAX_DAYS: a purge at start, then one a day in every process (each trims what is past the cut-off). */
export function versionsPurger(app: FastifyInstance, resources: readonly ResourceDef[]) {
  const { config } = app.deps;
  const retention = { keep: config.versionsKeep, maxDays: config.versionsMaxDays };
  return dailyJob(app, 'versions purge failed; the next run tries again', async () => {
    const n = await purgeVersions(app.deps.database, resources, app.deps.storage, retention);
    if (n) app.log.info({ records: n, ...retention }, 'record versions past retention purged');
  });
}
