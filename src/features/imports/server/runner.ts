import { and, eq, sql } from 'drizzle-orm';
import { usersT } from '../../../core/server/db/tables';
import type { FastifyBaseLogger } from 'fastify';
import type { ResourceDef } from '../../../core/shared/resource';
import { ruleResourceOf } from '../../../core/shared/access-rules';
import type { Database, Db } from '../../../core/server/db/client';
import { rowsOf } from '../../../core/server/db/rows';
import { imports, importErrors } from '../../../core/server/db/system-tables';
import { inTransaction } from '../../../core/server/db/transaction';
import { accessOfUser } from '../../../core/server/access/route-access';
import { rankGuard } from '../../../core/server/crud/rank-guard';
import type { AfterCommit, WriteContext } from '../../../core/server/crud/repository';
import { createRehearsal } from '../../../core/server/crud/rehearsal';
import type { FileStorage } from '../../../core/server/storage/file-storage';
import type { ImportAction } from '../contract';
import type { Mapping } from './mapping';
import { readFile, type FileRow, type FileShape } from './parse';
import { readAhead } from './read-ahead';
import { FileProblem, say } from './problems';
import { importRows, refersToItself, type RowContext } from './rows';
import { insertErrors, lastErrorSeq, noCounts, type Counts, type ImportRow, type RowError } from './store';
import { mayWrite, ownerOf, routeOf, writesOf } from './permissions';
import { purgeImports } from './purge';
import { createPoller } from '../../../core/server/ops/poller';

/** Rows committed together when an import is not atomic: the unit a resumed run starts after. */
export const BATCH = 200;
/**
 * Rows that go together in a whole-file run (a dry run, an atomic commit):
 * nothing commits between them, so more go at once, in fewer round trips.
 */
const WHOLE_BATCH = 1000;
/** Seconds a running import is held by its process; renewed while it runs, so a dead process's import is taken over after it. */
const LEASE_SECONDS = 60;
/** How often each process looks for queued imports (and ones a dead process left). */
const POLL_MS = 2000;
/** How often a running import renews its lease, and so notices a cancel between batches of a whole-file run. */
const HEARTBEAT_MS = 5000;
/**
 * How often a whole-file run (a dry run, an atomic commit) shows how far it
 * is: its rows are in a transaction no one else sees until it ends.
 */
const PROGRESS_MS = 500;
/** How often each process purges imports past the retention: often enough that files do not pile up, rarely enough to cost nothing. */
const PURGE_EVERY_MS = 3600 * 1000;

export interface RunnerOptions {
  db: () => Db;
  storage: FileStorage;
  resources: readonly ResourceDef[];
  log: FastifyBaseLogger;
  /** Where the purge runs: a connection of its own, without the request timeout. */
  database: Pick<Database, 'maintenance'>;
  /** Imports untouched this many days in a purgeable state go (IMPORT_RETENTION_DAYS). */
  retentionDays: number;
}

/** The run stopped because its import was cancelled (or taken over): its transaction rolls back. */
class Stopped extends Error {}
/** A dry run, or an atomic run with failed rows: everything it wrote rolls back. */
class RollBack extends Error {}

/** Takes one due import: queued, or running under a lease that ran out (its process died). */
async function claim(db: Db): Promise<ImportRow | undefined> {
  const res = await db.execute(sql`
    UPDATE ${imports} SET state = 'running', locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
     WHERE id = (
       SELECT id FROM ${imports}
        WHERE state = 'queued' OR (state = 'running' AND locked_until < now())
        ORDER BY updated_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const [row] = rowsOf<{ id: string }>(res);
  if (!row) return undefined;
  const [job] = await db.select().from(imports).where(eq(imports.id, row.id));
  return job;
}

/** Renews the lease; false when the import is no longer running here (cancelled). */
async function renew(db: Db, id: string): Promise<boolean> {
  const held = await db
    .update(imports)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(eq(imports.id, id), eq(imports.state, 'running')))
    .returning({ id: imports.id });
  return held.length > 0;
}

/**
 * A whole-file run's progress, written beside its transaction on a
 * connection of its own (the import's trigger tells its owner's screens).
 * PGlite has one connection: there it waits for the run's transaction.
 */
function showProgress(db: Db, id: string, rowsDone: number): void {
  void db
    .update(imports)
    .set({ rowsDone })
    .where(and(eq(imports.id, id), eq(imports.state, 'running')))
    .catch(() => undefined);
}

/** Hands a running import back to the queue (its process is stopping). */
async function requeue(db: Db, id: string): Promise<void> {
  await db
    .update(imports)
    .set({ state: 'queued', lockedUntil: null })
    .where(and(eq(imports.id, id), eq(imports.state, 'running')));
}

/** Ends a run: its state, counts and message, unless it was cancelled meanwhile. */
async function finish(db: Db, id: string, state: 'done' | 'failed', result: Counts, rowsDone: number, message: string | null) {
  await db
    .update(imports)
    .set({ state, result, rowsDone, message, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(imports.id, id), eq(imports.state, 'running')));
}

const add = (c: Counts, outcome: 'created' | 'updated' | 'unchanged' | RowError[]) => {
  if (Array.isArray(outcome)) c.failed += 1;
  else c[outcome] += 1;
};

/** Whether the import's owner may still sign in and holds every write its action makes. */
async function ownerMayStill(db: Db, r: ResourceDef, job: ImportRow): Promise<boolean> {
  const [user] = await db.select({ blocked: usersT.blocked, confirmed: usersT.confirmed }).from(usersT).where(eq(usersT.id, job.ownerId));
  if (!user || user.blocked || !user.confirmed) return false;
  const owner = await ownerOf(db, job.ownerId);
  for (const op of writesOf(String(job.action)))
    if (!(await mayWrite(db, { userId: job.ownerId, superadmin: owner.superadmin }, r, op))) return false;
  return true;
}

/** The write contexts of the owner's rows: as if they sent each row themselves (their rank, their access rules). */
async function contextsOf(db: Db, r: ResourceDef, job: ImportRow, storage: FileStorage) {
  const owner = await ownerOf(db, job.ownerId);
  const actor = { userId: job.ownerId, superadmin: owner.superadmin };
  const audit = {
    actor: {
      actorId: job.ownerId,
      actorEmail: owner.email,
      ip: null,
      userAgent: `import ${job.id}${job.fileName ? ` (${job.fileName})` : ''}`,
    },
  };
  // Each row's write runs in importRow's savepoint, rolled back when it throws: the write needs none of its own.
  const base: WriteContext = { storage, guard: rankGuard(r, actor), audit, actorId: job.ownerId, callerRollsBack: true };
  const access = async (op: 'create' | 'update') => {
    if (owner.superadmin) return null;
    const { method, route } = routeOf(r, op);
    return accessOfUser(db, job.ownerId, method, route, ruleResourceOf(r));
  };
  return { createCtx: { ...base, access: await access('create') }, updateCtx: { ...base, access: await access('update') } };
}

/** The file's rows, from the storage, from the first one on. */
async function rowsOfFile(storage: FileStorage, job: ImportRow): Promise<AsyncGenerator<FileRow>> {
  const file = await storage.open(job.fileKey);
  if (!file) throw new FileProblem('unreadable', { reason: 'the file is gone' });
  const shape: FileShape = { format: job.format as FileShape['format'], delimiter: job.delimiter };
  return (await readFile(file.body, shape)).rows;
}

/**
 * What an import's writes leave for after their commit (a replaced
 * picture's file to remove), collected while its transaction runs: run once
 * it committed, never when it rolled back. A write hands work on only once
 * its statements succeeded, as the last step of its row's or batch's
 * savepoint, so a savepoint rolled back (a row refused, a batch halved) has
 * handed on nothing. A dry run, which never commits, keeps none. A process
 * dying between a commit and this work leaves an unused file behind, never
 * a record without its file.
 */
function afterCommitting(ctx: RowContext, rehearsed: boolean) {
  const pending: AfterCommit[] = [];
  const add = rehearsed ? () => undefined : (work: AfterCommit) => void pending.push(work);
  return {
    ctx: { ...ctx, createCtx: { ...ctx.createCtx, afterCommit: add }, updateCtx: { ...ctx.updateCtx, afterCommit: add } },
    /** Runs what the committed transaction left; a failure is logged (the rows are in), never the import's. */
    async run(db: Db, log: FastifyBaseLogger, importId: string) {
      for (const work of pending.splice(0))
        await work(db).catch((err: unknown) => log.warn({ err, importId }, 'import: work after a commit failed'));
    },
  };
}

/**
 * Runs imports in this process: claims one at a time from the database
 * (FOR UPDATE SKIP LOCKED with a lease, so any replica runs any import and
 * each runs in one), runs it and records how it ended.
 */
export function createImportRunner(opts: RunnerOptions) {
  let purging: Promise<void> | null = null;
  let lastPurge = 0;

  async function runOne(job: ImportRow): Promise<void> {
    const db = opts.db();
    const r = opts.resources.find((x) => x.name === job.resource);
    if (!r) return finish(db, job.id, 'failed', noCounts(), 0, `No resource ${job.resource}.`);
    const find = (name: string) => opts.resources.find((x) => x.name === name);
    let cancelled = false;
    const heartbeat = setInterval(() => {
      void renew(db, job.id)
        .then((held) => (cancelled ||= !held))
        .catch(() => undefined);
    }, HEARTBEAT_MS);
    try {
      // The run acts as its owner, maybe long after they started it (queued, resumed by another process): what they
      // may do is asked again now. Access rules of a role that no longer holds the call would read as "no limits".
      if (!(await ownerMayStill(db, r, job)))
        return await finish(db, job.id, 'failed', noCounts(), job.rowsDone, say(job.lang, 'no_longer_allowed'));
      const ctx: RowContext = {
        r,
        find,
        lang: job.lang,
        format: job.format,
        action: job.action as ImportAction,
        key: job.keyField,
        mapping: job.mapping as Mapping,
        ...(await contextsOf(db, r, job, opts.storage)),
        refs: new Map(),
      };
      const whole = job.mode === 'dry-run' || job.atomic;
      // The process stopping: the run in hand stops after its batch and goes back to the queue.
      if (whole) await runWhole(db, job, ctx, () => cancelled || poller.stopping);
      else await runBatches(db, job, ctx, () => cancelled || poller.stopping);
    } catch (err) {
      if (err instanceof Stopped) {
        // Not cancelled: handed back, to be resumed (after its last batch) by the next process that claims it.
        if (!cancelled) await requeue(db, job.id).catch(() => undefined);
        return;
      }
      const message =
        err instanceof FileProblem ? say(job.lang, err.key, err.params) : say(job.lang, 'unreadable', { reason: 'an unexpected error' });
      if (!(err instanceof FileProblem)) opts.log.error({ err, importId: job.id }, 'import failed');
      await finish(db, job.id, 'failed', (job.result as Counts) ?? noCounts(), job.rowsDone, message).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * A dry run, or an atomic commit: every row in one transaction, so later
   * rows see earlier ones (a unique value used twice in the file); rolled
   * back for a dry run and for an atomic run with a failed row. Its errors
   * are stored after, as the transaction that found them is gone.
   */
  async function runWhole(db: Db, job: ImportRow, ctx: RowContext, isCancelled: () => boolean): Promise<void> {
    const counts = noCounts();
    const errors: RowError[] = [];
    let rows = 0;
    let shown = 0; // the first batch is shown at once
    const dry = job.mode === 'dry-run';
    const after = afterCommitting(ctx, dry);
    try {
      await inTransaction(db, async (tx) => {
        // A dry run of creates rehearses: they go into a stand-in of the table, judged by its constraints
        // (crud/rehearsal), unless a row may look up one made earlier in the file (a ref to the same resource).
        const rehearsal = dry && ctx.action === 'create' && !refersToItself(ctx) ? createRehearsal() : undefined;
        await rehearsal?.prepare(tx, ctx.r);
        const rowCtx: RowContext = rehearsal
          ? { ...after.ctx, createCtx: { ...after.ctx.createCtx, rehearsal }, updateCtx: { ...after.ctx.updateCtx, rehearsal } }
          : after.ctx;
        // WHOLE_BATCH rows at a time, so creates go together (importRows); each still sees the rows before it.
        let batch: FileRow[] = [];
        const run = async () => {
          if (isCancelled()) throw new Stopped();
          for (const outcome of await importRows(tx, rowCtx, batch)) {
            add(counts, outcome);
            if (Array.isArray(outcome)) errors.push(...outcome);
          }
          rows += batch.length;
          batch = [];
          if (Date.now() - shown >= PROGRESS_MS) {
            shown = Date.now();
            showProgress(db, job.id, rows);
          }
        };
        for await (const row of readAhead(await rowsOfFile(opts.storage, job), WHOLE_BATCH)) {
          batch.push(row);
          if (batch.length >= WHOLE_BATCH) await run();
        }
        if (batch.length) await run();
        if (dry || counts.failed) throw new RollBack();
        // Committed with the rows: the import is done exactly when they are.
        await finish(tx, job.id, 'done', counts, rows, null);
      });
    } catch (err) {
      if (!(err instanceof RollBack)) throw err;
    }
    // Committed, and shown done: the replaced pictures' files go right after.
    if (!dry && !counts.failed) return after.run(db, opts.log, job.id);
    await inTransaction(db, async (tx) => {
      await tx.delete(importErrors).where(eq(importErrors.importId, job.id));
      await insertErrors(tx, job.id, 0, errors);
      if (dry) await finish(tx, job.id, 'done', counts, rows, null);
      else
        await finish(
          tx,
          job.id,
          'failed',
          { ...noCounts(), failed: counts.failed },
          rows,
          say(job.lang, 'atomic_failed', { failed: counts.failed }),
        );
    });
  }

  /**
   * A commit in batches: each batch's rows, errors and progress commit
   * together, so a run taken over after its process died starts after the
   * last batch committed; a failed row fails alone.
   */
  async function runBatches(db: Db, job: ImportRow, ctx: RowContext, isCancelled: () => boolean): Promise<void> {
    const counts: Counts = { ...noCounts(), ...(job.result as Counts) };
    let done = job.rowsDone;
    let seq = await lastErrorSeq(db, job.id);
    let batch: FileRow[] = [];
    let seen = 0;
    const after = afterCommitting(ctx, false);
    const commit = async () => {
      if (isCancelled()) throw new Stopped();
      const add1 = noCounts();
      const errors: RowError[] = [];
      // A batch that fails ends the run, its collected work with it.
      await inTransaction(db, async (tx) => {
        for (const outcome of await importRows(tx, after.ctx, batch)) {
          add(add1, outcome);
          if (Array.isArray(outcome)) errors.push(...outcome);
        }
        await insertErrors(tx, job.id, seq, errors);
        const next = {
          created: counts.created + add1.created,
          updated: counts.updated + add1.updated,
          unchanged: counts.unchanged + add1.unchanged,
          failed: counts.failed + add1.failed,
        };
        const held = await tx
          .update(imports)
          .set({
            rowsDone: done + batch.length,
            result: next,
            lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(imports.id, job.id), eq(imports.state, 'running')))
          .returning({ id: imports.id });
        // Cancelled meanwhile: this batch is not committed.
        if (!held.length) throw new Stopped();
        Object.assign(counts, next);
      });
      await after.run(db, opts.log, job.id);
      seq += errors.length;
      done += batch.length;
      batch = [];
    };
    for await (const row of readAhead(await rowsOfFile(opts.storage, job), BATCH)) {
      seen += 1;
      // Rows a batch committed before this run took over.
      if (seen <= job.rowsDone) continue;
      batch.push(row);
      if (batch.length >= BATCH) await commit();
    }
    if (batch.length) await commit();
    await finish(db, job.id, 'done', counts, done, null);
  }

  /** At most once an hour per process; each replica may run it at the same moment (`purgeImports` is safe so). */
  function purgeDue(): void {
    if (!poller.started || purging || Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    purging = purgeImports(opts.database, opts.storage, opts.retentionDays, opts.log)
      .then((n) => {
        if (n) opts.log.info({ purged: n, days: opts.retentionDays }, 'imports past retention purged');
      })
      .catch((err: unknown) => opts.log.warn({ err }, 'import purge failed; the next one tries again'))
      .finally(() => {
        purging = null;
      });
  }

  const poller = createPoller({
    pollMs: POLL_MS,
    async step() {
      const job = await claim(opts.db());
      if (job) await runOne(job);
      return job !== undefined;
    },
    log: opts.log,
    unreachable: 'imports not reachable; will try again',
    // The purge from the poll, not at start: the first pass claims a queued import (and so makes it recent) before.
    onPoll: purgeDue,
  });

  return {
    /** A run was asked for: looked at now (by a started runner; the others leave it to the process that runs imports). */
    kick: poller.kick,
    start: () => poller.start(),
    async stop() {
      const stopped = poller.stop();
      await Promise.all([stopped, purging]);
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
