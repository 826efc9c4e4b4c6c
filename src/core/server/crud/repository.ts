import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { inTransaction } from '../db/transaction';
import { joinTableOf, ROW_VERSION, tableOf } from '../db/resource-tables';
import { insertRows } from '../db/insert-rows';
import type { Rehearsal } from './rehearsal';
import type { Preconditions } from './preconditions';
import { serverKindOf } from '../../field-kinds/server';
import type { FieldWriteContext, FileUrls } from '../../field-kinds/server/kind';
import type { FileStorage } from '../storage/file-storage';
import { badRequest, HttpError, notFound } from '../http/http-error';
import { humanize } from '../http/labels';
import { countRows, type Total } from './count';
import { preparedPage, TABLE_ESTIMATE } from './prepared-page';
import { slugify, uniqueSlug } from './slug';
import { translateDbError } from './db-errors';
import { populate, type TargetAccess } from './populate';
import { byId, ruledById } from './by-id';
import { listEstimates, listOrder, listWhere, refMatches, termMatch, type ListParams } from './query';
import { readableFields, toApi, type ApiRecord, type Row } from './representation';
import { UUID_PATTERN, writableFields } from './schemas';
import { recordDiff } from '../audit/diff';
import { auditInsert, auditInsertMany, type AuditActor } from '../audit/record';
import { endSessionsAfterWrite } from './session-rules';
import { writeCreatedVersions, writeVersion, type Alongside, type VersionOp } from '../versions/store';
import { changeEventInsert, changeEventsInsert, queueChangeEvent } from './change-events';
import { trashRecord } from '../trash/store';
import { pageCount, pageOffset } from '../../shared/api/paging';
import type { Access } from '../access/access';
import { readableSql, writableSql } from '../access/condition-sql';
import { readableFor, refuseHiddenParams, refuseUnwritable } from '../access/enforce';

/** Rows one list request returns at most, whatever `limit` asks. */
export const MAX_ROWS = 10000;

const uuidRe = new RegExp(UUID_PATTERN);

export interface ListResult {
  data: ApiRecord[];
  total: number;
  totalExact: boolean;
  page: number;
  pages: number;
}

/** The columns of the fields a caller reads (every readable field by default). */
export function selection(r: ResourceDef, fields: readonly string[] = readableFields(r)) {
  const t = tableOf(r);
  const cols: Record<string, unknown> = { id: t.id, [ROW_VERSION]: t[ROW_VERSION] };
  // Fields kept in a table of their own are filled by populate().
  for (const f of fields) if (serverKindOf(r.fields[f]).column) cols[f] = t[f];
  return cols as Record<string, typeof t.id>;
}

/** Rows as the API shows them to a caller: only the fields they read, populated. */
async function recordsOf(
  db: Db,
  r: ResourceDef,
  rows: Row[],
  files: FileUrls,
  access?: Access | null,
  targets?: TargetAccess,
  populated?: ReadonlySet<string>,
): Promise<ApiRecord[]> {
  const fields = readableFor(r, access);
  const data = rows.map((row) => toApi(r, row, fields));
  await populate(db, r, data, files, access, targets, populated);
  return data;
}

/** How a list is read beyond its parameters. */
export interface ListOptions {
  /** Counted up to this many matches (COUNT_CAP): beyond, the total is this, inexact. */
  countCap?: number;
  /** Only these fields' related records are read (the others stay as stored: ids); all by default. */
  populated?: ReadonlySet<string>;
}

/** A page of the list; `access` and `targets`: the caller's rules on this resource and on those its refs point at. */
export async function listRecords(
  db: Db,
  r: ResourceDef,
  p: ListParams,
  files: FileUrls,
  access?: Access | null,
  targets?: TargetAccess,
  { countCap, populated }: ListOptions = {},
): Promise<ListResult> {
  refuseHiddenParams(r, p, access);
  const t = tableOf(r);
  const limit = Math.min(p.limit, MAX_ROWS);
  const offset = pageOffset(p.page, limit);
  const fields = readableFor(r, access);
  const q = p.q?.trim();
  const refs = q ? await refMatches(db, r, access, termMatch(q)) : undefined;
  const where = listWhere(r, p, access, refs);
  // Target ids found make the query's text vary with the term: the ordinary query then.
  const byIds = refs !== undefined && [...refs.values()].some((ids) => ids !== null);
  // A ref searched through a subquery: counted in another form (listEstimates).
  const bySubquery = q !== undefined && refs !== undefined && [...refs.values()].includes(null);
  const page = byIds ? null : preparedPage(db, r, fields, p, access);
  const rows: Row[] = page
    ? await page(limit, offset)
    : await db
        .select(selection(r, fields))
        .from(t)
        .where(where)
        .orderBy(...listOrder(r, p, access))
        .limit(limit)
        .offset(offset);
  // A short page that is not empty is the last one: the total is known
  // without asking the database again (a rare term's whole answer).
  const estimate = rows[0]?.[TABLE_ESTIMATE];
  const total: Total =
    rows.length < limit && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, exact: true }
      : await countRows(
          db,
          t,
          bySubquery ? listWhere(r, p, access, refs, 'count') : where,
          r.table,
          estimate === undefined ? undefined : Number(estimate ?? -1),
          countCap,
          bySubquery ? listEstimates(r, { ...p, q }, access, refs) : undefined,
        );
  const data = await recordsOf(db, r, rows, files, access, targets, populated);
  return { data, total: total.total, totalExact: total.exact, page: p.page, pages: pageCount(total.total, limit) };
}

/**
 * A record as a caller with access rules sees it: read only when a rule
 * allows the record (else 404, as if it did not exist), with only the fields
 * they read. `also` narrows further (the records they may write).
 */
async function restrictedRecord(
  db: Db,
  r: ResourceDef,
  id: string,
  files: FileUrls,
  access: Access,
  also?: SQL,
  targets?: TargetAccess,
): Promise<ApiRecord> {
  const fields = readableFor(r, access);
  const prepared = also ? null : ruledById(db, r, fields, access.where ?? []);
  const row = prepared
    ? await prepared(id, access.me)
    : (
        await db
          .select(selection(r, fields))
          .from(tableOf(r))
          .where(and(eq(tableOf(r).id, id), readableSql(r, access), also))
      )[0];
  if (!row) throw notFound();
  const [rec] = await recordsOf(db, r, [row as Row], files, access, targets);
  return rec;
}

export async function getRecord(
  db: Db,
  r: ResourceDef,
  id: string,
  files: FileUrls,
  access?: Access | null,
  targets?: TargetAccess,
): Promise<ApiRecord> {
  if (!uuidRe.test(id)) throw notFound();
  if (access) return restrictedRecord(db, r, id, files, access, undefined, targets);
  const row = await byId(db, r)(id);
  if (!row) throw notFound();
  const rec = toApi(r, row as Row);
  await populate(db, r, [rec], files, null, targets);
  return rec;
}

/** A request body split by where it goes: the record's row, or other tables (kinds with related writes). */
interface WriteParts {
  row: Row;
  related: Record<string, unknown>;
}

/** A write as its guard sees it, inside the write's transaction. */
export interface WriteChange {
  op: 'create' | 'update' | 'delete';
  /** The record before an update or delete. */
  before?: ApiRecord;
  /** The request body of a create or update. */
  body?: Record<string, unknown>;
}

/**
 * Checks a write inside its transaction, before it: throws to refuse (nothing
 * is written); returns the check to run after the write, in the same
 * transaction, which throws to roll it back.
 */
export interface WriteGuard {
  (tx: Db, change: WriteChange): Promise<(tx: Db) => Promise<void>>;
  /**
   * Checks creates written together (insertRecords), when it judges them
   * exactly as it would one after another, each seeing the ones before: its
   * check after runs once, after the last. Undefined (or absent): it cannot,
   * and each is written alone.
   */
  together?(tx: Db, changes: readonly WriteChange[]): Promise<((tx: Db) => Promise<void>) | undefined>;
}

/** Who writes, for the audit trail; `action` names the write when it means more than create/update/delete. */
export interface AuditSource {
  actor: AuditActor;
  action?: string;
}

/**
 * Steps an endpoint of its own adds to a generic write, inside its
 * transaction: `before` runs before the record's row is written (throw to
 * refuse: nothing is written), `after` once it is (with its id; throw to roll
 * everything back). What they write commits with the record or not at all.
 */
export interface WriteHooks {
  before?(tx: Db, change: WriteChange): Promise<void>;
  after?(tx: Db, change: WriteChange, id: string): Promise<void>;
}

export interface WriteContext {
  /** Where uploaded files live (image fields). */
  storage: FileStorage;
  guard?: WriteGuard;
  hooks?: WriteHooks;
  /** Set: the write is recorded in the audit trail, in its own transaction. */
  audit?: AuditSource;
  /**
   * The session making the write: the resource's `endSessions` rule (applied
   * in the write's transaction) ends every other session of the user it
   * names, never this one.
   */
  actingSession?: string;
  /** Who writes: fields with `setBy` get their id. */
  actorId?: string | null;
  /**
   * The caller's access rules: a body field they may not write is a 403; a
   * record they may not write (or read) is a 404; the answer carries only the
   * fields they read.
   */
  access?: Access | null;
  /** The caller's rules on the resources this one's refs point at (what the answer shows of them). */
  targets?: TargetAccess;
  /** The versions the records must still have (`If-Match`): a stale one is a 412 and nothing is written. */
  preconditions?: Preconditions;
  /** What the write's version records it as, when it is more than its operation (a restore). */
  versionOp?: VersionOp;
  /**
   * The caller runs the write inside a transaction or savepoint of its own
   * that it rolls back whenever the write throws (an import's row): the
   * write opens no savepoint of its own, two round trips fewer per record.
   */
  callerRollsBack?: boolean;
  /**
   * The write is rehearsed: its transaction always rolls back (an import's
   * dry run). Creates go into the resource's stand-in when the rehearsal
   * made one (never for a resource with related writes), and nothing
   * follows a write (version, audit entry, event, ended sessions).
   */
  rehearsal?: Rehearsal;
  /**
   * The caller's transaction commits later (an import's batch): what must
   * wait for the commit (removing a replaced picture's file) is handed here
   * instead of run. The caller runs it, with a handle outside the
   * transaction, once that commits, and drops it when it rolls back.
   */
  afterCommit?: (work: AfterCommit) => void;
}

/** Work for after a commit, given a handle on the database as committed. */
export type AfterCommit = (db: Db) => Promise<void>;

/** Runs what follows a committed write now, or hands it to the caller whose transaction commits later. */
async function followCommit(db: Db, ctx: WriteContext, work: AfterCommit): Promise<void> {
  if (ctx.afterCommit) ctx.afterCommit(work);
  else await work(db);
}

/** The answer to a write on a record changed since the writer read it: 412, with the record as it is now. */
export const STALE_RECORD = 'This record was changed by someone else since you opened it.';

/** A 412 naming the record as the caller may read it now (its fields, its `_version`). */
async function staleRecord(db: Db, r: ResourceDef, id: string, ctx: WriteContext): Promise<HttpError> {
  const current = await getRecord(db, r, id, ctx.storage, ctx.access, ctx.targets).catch(() => null);
  // Gone meanwhile (or out of the caller's reach): as for any write to a missing record.
  if (!current) return notFound();
  return new HttpError(412, STALE_RECORD, undefined, undefined, { current });
}

/** Refuses the write when a record's version is not the one `If-Match` names (checked again by the write's own WHERE). */
async function assertFresh(db: Db, r: ResourceDef, befores: readonly ApiRecord[], ctx: WriteContext): Promise<void> {
  const pre = ctx.preconditions;
  if (!pre?.given) return;
  for (const before of befores) if (pre.versionOf(before._id) !== before._version) throw await staleRecord(db, r, before._id, ctx);
}

/** Whether `err` is the write's own WHERE finding the version changed (see versionHeld). */
class VersionMoved extends Error {
  constructor(readonly id: string) {
    super('version moved');
  }
}

/** The version the row must still have while the write runs: the one read before it, when If-Match asked. */
const versionHeld = (r: ResourceDef, before: ApiRecord, ctx: WriteContext) =>
  ctx.preconditions?.given ? eq(tableOf(r)[ROW_VERSION], before._version) : undefined;

/** A write whose row was not found: changed under it (412) when the row is still there, else gone (404). */
async function missedRow(tx: Db, r: ResourceDef, before: ApiRecord, ctx: WriteContext): Promise<never> {
  const t = tableOf(r);
  if (ctx.preconditions?.given) {
    const [still] = await tx
      .select({ id: t.id })
      .from(t)
      .where(writableRow(r, before._id, ctx.access));
    if (still) throw new VersionMoved(before._id);
  }
  throw notFound();
}

/** A record as the API shows it, read inside a transaction (the write's own, not yet committed). */
export async function readInTransaction(tx: Db, r: ResourceDef, id: string, files: FileUrls): Promise<ApiRecord | undefined> {
  const t = tableOf(r);
  const [row] = await tx.select(selection(r)).from(t).where(eq(t.id, id));
  if (!row) return undefined;
  const rec = toApi(r, row as Row);
  await populate(tx, r, [rec], files);
  return rec;
}

/**
 * Whether this write is the only one since `before` was read: every write of
 * a row adds one to its version, so one more means none came in between.
 */
const soleWriteSince = (before: ApiRecord | undefined, after: ApiRecord | undefined) =>
  typeof before?._version === 'number' && after?._version === before._version + 1;

/**
 * What must follow a write, in its transaction: the record's new version, its
 * audit entry (an update that changed nothing leaves neither) and the sessions
 * its resource's rule ends.
 */
async function followWrite(
  tx: Db,
  r: ResourceDef,
  ctx: WriteContext,
  change: WriteChange,
  id: string,
  written: Row | undefined,
): Promise<void> {
  if (ctx.rehearsal) return;
  if (!ctx.audit && !r.endSessions && r.history === false) {
    // Nothing else reads the record back: the event names the fields the body carried.
    const fields = change.op === 'delete' ? [] : Object.keys(change.body ?? {}).filter((f) => Object.hasOwn(r.fields, f));
    await queueChangeEvent(tx, r, change.op, id, fields);
    return;
  }
  const after =
    change.op === 'delete'
      ? undefined
      : written
        ? await recordOfRow(tx, r, written, ctx.storage)
        : await readInTransaction(tx, r, id, ctx.storage);
  const diff = recordDiff(r, change.before, after, change.body);
  // An update that changed nothing tells nothing, as it leaves no audit entry.
  const event = change.op !== 'update' || Object.keys(diff).length ? changeEventInsert(r, change.op, id, Object.keys(diff)) : null;
  const entry = ctx.audit && auditEntry(r, ctx.audit, change, id, after);
  const alongside: Alongside[] = [];
  if (entry) alongside.push({ name: 'audit', sql: entry });
  if (event) alongside.push({ name: 'event', sql: event });
  // A create's row is new, an update's or delete's was locked by its statement (writeInside).
  const versioned = await writeVersion(tx, r, id, ctx.versionOp ?? change.op, after, {
    actorId: ctx.actorId,
    rowLocked: true,
    before: change.op === 'update' && soleWriteSince(change.before, after) ? change.before : undefined,
    alongside,
  });
  if (!versioned) for (const a of alongside) await tx.execute(a.sql);
  // Only an update compares fields: a new or deleted record's owner always loses other sessions.
  await endSessionsAfterWrite(tx, r, change.op === 'update' ? (change.body ?? null) : null, change.before, after, ctx.actingSession);
}

/** A row the write's own statement returned, as the API shows it (what readInTransaction would read, one query fewer). */
async function recordOfRow(tx: Db, r: ResourceDef, row: Row, files: FileUrls): Promise<ApiRecord> {
  const rec = toApi(r, row);
  await populate(tx, r, [rec], files);
  return rec;
}

/** The audit entry's INSERT for a write; none for an update that changed nothing. */
function auditEntry(r: ResourceDef, audit: AuditSource, change: WriteChange, id: string, after: ApiRecord | undefined): SQL | null {
  const diff = recordDiff(r, change.before, after, change.body);
  if (change.op === 'update' && !Object.keys(diff).length) return null;
  const action = audit.action ?? r.auditActions?.[change.op] ?? change.op;
  return auditInsert(audit.actor, { action, resource: r.name, recordId: id, diff });
}

/**
 * Stores a record's version from a write of a feature's own SQL (an invite's
 * approval, a picture turned): call it in that write's transaction, after the
 * write, with what the write was.
 */
export async function storeVersion(
  tx: Db,
  r: ResourceDef,
  id: string,
  op: VersionOp,
  by: { files: FileUrls; actorId: string | null | undefined },
): Promise<void> {
  const after = op === 'delete' ? undefined : await readInTransaction(tx, r, id, by.files);
  await writeVersion(tx, r, id, op, after, { actorId: by.actorId });
  await queueChangeEvent(tx, r, op, id, Object.keys(recordDiff(r, undefined, after, undefined)));
}

/** Request body -> column values, each field as its kind stores it (trimmed, canonical, hashed...). */
async function toRow(r: ResourceDef, body: Record<string, unknown>): Promise<WriteParts> {
  const row: Row = {};
  const related: Record<string, unknown> = {};
  const fields: Record<string, string> = {};
  for (const [f, def] of writableFields(r)) {
    if (!Object.hasOwn(body, f)) continue;
    const kind = serverKindOf(def);
    const v = kind.normalize ? kind.normalize(body[f]) : typeof body[f] === 'string' ? body[f].trim() : body[f];
    if (def.required && (v === '' || v === null)) fields[f] = `${humanize(f)} is required`;
    if (kind.related) related[f] = v;
    else if (kind.toColumns) Object.assign(row, await kind.toColumns(v, f, def));
    else row[f] = v === '' ? null : v;
  }
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);
  return { row, related };
}

/** Fields the server fills with who writes (`setBy`): the creator once, the editor on every write. */
function stampWriter(r: ResourceDef, row: Row, op: 'create' | 'update', actorId: string | null | undefined): void {
  for (const [f, def] of Object.entries(r.fields)) {
    if (def.setBy === 'editor' || (def.setBy === 'creator' && op === 'create')) row[f] = actorId ?? null;
  }
}

/** Fills slugs: an empty one is made from its source field, a given one is normalised. */
async function fillSlugs(db: Db, r: ResourceDef, row: Row, body: Record<string, unknown>, before?: ApiRecord): Promise<void> {
  for (const [f, def] of Object.entries(r.fields)) {
    if (!def.slugFrom) continue;
    const given = typeof row[f] === 'string' ? (row[f] as string) : '';
    if (given) row[f] = slugify(given);
    else if (!before || Object.hasOwn(body, f)) {
      const source = String(row[def.slugFrom] ?? before?.[def.slugFrom] ?? '');
      row[f] = await uniqueSlug(db, tableOf(r), f, source, before?._id);
    }
  }
}

interface PlannedField {
  c: FieldWriteContext;
  plan: unknown;
}

function writeContext(db: Db, r: ResourceDef, field: string, ctx: WriteContext): FieldWriteContext {
  return { db, resource: r, field, def: r.fields[field], storage: ctx.storage, sideTable: () => joinTableOf(r, field) };
}

async function discardAll(planned: PlannedField[]): Promise<void> {
  for (const p of planned) await serverKindOf(p.c.def).related?.discard?.(p.c, p.plan);
}

/** Plans every related write before the transaction (slow work such as storing images happens here). */
async function planAll(db: Db, r: ResourceDef, related: Record<string, unknown>, ownerId: string | null, ctx: WriteContext) {
  const planned: PlannedField[] = [];
  try {
    for (const [field, value] of Object.entries(related)) {
      const c = writeContext(db, r, field, ctx);
      const related = serverKindOf(c.def).related;
      if (related) planned.push({ c, plan: await related.plan(c, value, ownerId) });
    }
  } catch (err) {
    await discardAll(planned);
    throw err;
  }
  return planned;
}

/** One record's write as it runs inside a transaction. */
interface PlannedWrite {
  planned: PlannedField[];
  change: WriteChange;
  /** Updating: related values replace what the record had. */
  replace: boolean;
  /** The record's own row; returns its id and the row as its statement returned it (none for a delete). */
  work: (tx: Db) => Promise<{ id: string; row?: Row }>;
}

/**
 * One record's writes inside `tx`: the guard and hooks before, the row, the
 * related writes, the hooks after, what must follow it, the guard's check.
 * Returns the record's id and what the kinds leave for after the commit (old
 * image files).
 */
async function writeInside(
  tx: Db,
  r: ResourceDef,
  ctx: WriteContext,
  w: PlannedWrite,
): Promise<{ id: string; after: (() => Promise<void>)[] }> {
  const after: (() => Promise<void>)[] = [];
  const verify = await ctx.guard?.(tx, w.change);
  await ctx.hooks?.before?.(tx, w.change);
  const { id, row } = await w.work(tx);
  for (const p of w.planned) {
    const then = await serverKindOf(p.c.def).related?.apply(tx, p.c, p.plan, id, w.replace);
    if (then) after.push(then);
  }
  await ctx.hooks?.after?.(tx, w.change, id);
  // Written before the after-check: a refusal there rolls the entry back with the change. The row the statement
  // returned is the record as it is now unless related writes or a hook came after it.
  await followWrite(tx, r, ctx, w.change, id, w.planned.length || ctx.hooks?.after ? undefined : row);
  await verify?.(tx);
  return { id, after };
}

/** Runs `work` in a transaction of its own, unless the caller's transaction or savepoint is the unit already (it rolls back whatever this throws). */
const inUnit = <T>(db: Db, ctx: WriteContext, work: (tx: Db) => Promise<T>): Promise<T> =>
  ctx.callerRollsBack ? work(db) : inTransaction(db, work);

/**
 * Runs the writes of one or more records in one transaction, related writes
 * included: all of them or none. What the plans did outside the database is
 * undone when it fails; what the kinds leave for afterwards runs once it
 * committed.
 */
async function writeTransaction(db: Db, r: ResourceDef, ctx: WriteContext, writes: PlannedWrite[]): Promise<string[]> {
  const after: (() => Promise<void>)[] = [];
  let ids: string[];
  try {
    ids = await inUnit(db, ctx, async (tx) => {
      const done: string[] = [];
      for (const w of writes) {
        const one = await writeInside(tx, r, ctx, w);
        done.push(one.id);
        after.push(...one.after);
      }
      return done;
    });
  } catch (err) {
    for (const w of writes) await discardAll(w.planned);
    throw translateDbError(r, err);
  }
  for (const then of after) await followCommit(db, ctx, then);
  return ids;
}

export async function createRecord(db: Db, r: ResourceDef, body: Record<string, unknown>, ctx: WriteContext): Promise<ApiRecord> {
  const [id] = await insertRecords(db, r, [body], ctx);
  return writtenRecord(db, r, id, ctx);
}

/** A record on its way in: its body, its row, its related writes planned. */
interface Creating {
  body: Record<string, unknown>;
  row: Row;
  planned: PlannedField[];
}

/**
 * Creates records, each as createRecord creates one (its checks, the guard,
 * hooks, related writes, version, audit entry, webhook event), in one
 * transaction: all of them or none. Returns their ids, in order, without
 * reading the records back (createRecord does, for its answer).
 *
 * Several go together (one INSERT of their rows, one statement of their
 * versions, audit entries and events: an import's batch in a few round
 * trips) only where that is the same as one after another: no hooks and no
 * slugs (each would see the records before it), and a guard that judges them
 * together (WriteGuard.together). Otherwise each is written alone, in turn.
 */
export async function insertRecords(
  db: Db,
  r: ResourceDef,
  bodies: readonly Record<string, unknown>[],
  ctx: WriteContext,
): Promise<string[]> {
  if (bodies.length > 1 && (ctx.hooks || Object.values(r.fields).some((d) => d.slugFrom)))
    return inUnit(db, ctx, async (tx) => {
      const ids: string[] = [];
      for (const body of bodies) ids.push(...(await insertRecords(tx, r, [body], { ...ctx, callerRollsBack: true })));
      return ids;
    });
  const items: Creating[] = [];
  try {
    for (const body of bodies) {
      refuseUnwritable(body, ctx.access);
      const { row, related } = await toRow(r, body);
      stampWriter(r, row, 'create', ctx.actorId);
      await fillSlugs(db, r, row, body);
      items.push({ body, row, planned: await planAll(db, r, related, null, ctx) });
    }
  } catch (err) {
    for (const i of items) await discardAll(i.planned);
    throw err;
  }
  const after: (() => Promise<void>)[] = [];
  let ids: string[];
  try {
    ids = await inUnit(db, ctx, (tx) => createInside(tx, r, ctx, items, after));
  } catch (err) {
    for (const i of items) await discardAll(i.planned);
    throw translateDbError(r, err);
  }
  for (const then of after) await followCommit(db, ctx, then);
  return ids;
}

/**
 * The guard's check of creates going together: one check for all (its check
 * after, or undefined with no guard), or null when the guard cannot judge
 * them together.
 */
async function guardCreates(tx: Db, ctx: WriteContext, changes: readonly WriteChange[]) {
  const guard = ctx.guard;
  if (!guard) return undefined;
  if (changes.length === 1) return guard(tx, changes[0]);
  return (await guard.together?.(tx, changes)) ?? null;
}

/**
 * Creates inside `tx`, as writeInside writes one record: the guard and hooks
 * before, the rows, the related writes, the hooks after, what must follow,
 * the guard's check. What the kinds leave for after the commit goes to `after`.
 */
async function createInside(
  tx: Db,
  r: ResourceDef,
  ctx: WriteContext,
  items: readonly Creating[],
  after: (() => Promise<void>)[],
): Promise<string[]> {
  const changes: WriteChange[] = items.map((i) => ({ op: 'create', body: i.body }));
  const verify = await guardCreates(tx, ctx, changes);
  if (verify === null) {
    // One after another, each guarded seeing the ones before it.
    const ids: string[] = [];
    for (const i of items) ids.push(...(await createInside(tx, r, ctx, [i], after)));
    return ids;
  }
  for (const change of changes) await ctx.hooks?.before?.(tx, change);
  const t = tableOf(r);
  // Ids given here, so each returned row is its record's whatever order RETURNING keeps.
  const ids = items.map(() => randomUUID());
  const values = items.map((i, k) => ({ ...i.row, id: ids[k] }));
  const standIn = ctx.rehearsal?.standInOf(r);
  // Rehearsed, nothing follows the write, which reads no row back. Every create of a rehearsed resource goes to its
  // stand-in or none does (rows split between the two would not see each other): the rehearsal makes none for a
  // resource with related writes (crud/rehearsal.ts), so one here is a rehearsal that was not thought through.
  if (standIn && (ctx.hooks || items.some((i) => i.planned.length) || !(await standIn.write(tx, t, values))))
    throw new Error(`${r.name}: a rehearsed create the stand-in cannot take`);
  const rows = standIn ? [] : ((await insertRows(tx, t, values, selection(r))) as Row[]);
  const written = new Map(rows.map((row) => [String(row.id), row]));
  for (const [k, i] of items.entries())
    for (const p of i.planned) {
      const then = await serverKindOf(p.c.def).related?.apply(tx, p.c, p.plan, ids[k], false);
      if (then) after.push(then);
    }
  for (const [k, change] of changes.entries()) await ctx.hooks?.after?.(tx, change, ids[k]);
  // Written before the after-check: a refusal there rolls the entries back with the records. The row the INSERT
  // returned is the record as it is now unless related writes or a hook came after it.
  await followCreates(
    tx,
    r,
    ctx,
    items.map((i, k) => ({ body: i.body, id: ids[k], written: i.planned.length || ctx.hooks?.after ? undefined : written.get(ids[k]) })),
  );
  await verify?.(tx);
  return ids;
}

/**
 * What must follow creates, as followWrite does for one write: each record's
 * first version, audit entry and event, in one statement for all of them,
 * and the sessions its resource's rule ends.
 */
async function followCreates(
  tx: Db,
  r: ResourceDef,
  ctx: WriteContext,
  created: readonly { body: Record<string, unknown>; id: string; written: Row | undefined }[],
): Promise<void> {
  if (ctx.rehearsal) return;
  if (!ctx.audit && !r.endSessions && r.history === false) {
    // Nothing else reads the records back: each event names the fields its body carried.
    const fields = (body: Record<string, unknown>) => Object.keys(body).filter((f) => Object.hasOwn(r.fields, f));
    await tx.execute(
      changeEventsInsert(
        r,
        'create',
        created.map((c) => ({ id: c.id, fields: fields(c.body) })),
      ),
    );
    return;
  }
  const records: ApiRecord[] = [];
  const returned = created.flatMap((c) => (c.written ? [toApi(r, c.written)] : []));
  // The returned rows populated in one go (a ref's target read once for all), the others read back.
  await populate(tx, r, returned, ctx.storage);
  let next = 0;
  for (const c of created) records.push(c.written ? returned[next++] : ((await readInTransaction(tx, r, c.id, ctx.storage)) as ApiRecord));
  const diffs = created.map((c, k) => recordDiff(r, undefined, records[k], c.body));
  const alongside: SQL[] = [];
  const audit = ctx.audit;
  if (audit) {
    const action = audit.action ?? r.auditActions?.create ?? 'create';
    alongside.push(
      auditInsertMany(
        audit.actor,
        created.map((c, k) => ({ action, resource: r.name, recordId: c.id, diff: diffs[k] })),
      ),
    );
  }
  alongside.push(
    changeEventsInsert(
      r,
      'create',
      created.map((c, k) => ({ id: c.id, fields: Object.keys(diffs[k]) })),
    ),
  );
  const stored = created.map((c, k) => ({ id: c.id, record: records[k] }));
  if (!(await writeCreatedVersions(tx, r, stored, ctx.versionOp ?? 'create', ctx.actorId, alongside)))
    for (const q of alongside) await tx.execute(q);
  // A new record's owner always loses other sessions (none yet when the record is that user).
  for (const rec of records) await endSessionsAfterWrite(tx, r, null, undefined, rec, ctx.actingSession, { created: !ctx.hooks?.after });
}

/** A record just written, as its writer reads it: only their fields, even when their read condition no longer holds. */
const writtenRecord = (db: Db, r: ResourceDef, id: string, ctx: WriteContext) =>
  getRecord(db, r, id, ctx.storage, ctx.access ? { ...ctx.access, where: null } : null, ctx.targets);

/** What an update or delete returns: the record now (none once deleted) and as it was (for session rules). */
export interface Changed {
  record: ApiRecord;
  before: ApiRecord;
}

/**
 * The records of `ids` (each once), or a 404 when any of them is missing or
 * outside what the caller may read and write: a bulk write touching one is
 * refused whole.
 */
async function existing(db: Db, r: ResourceDef, ids: readonly string[], ctx: WriteContext): Promise<ApiRecord[]> {
  const out: ApiRecord[] = [];
  const { access } = ctx;
  for (const id of new Set(ids)) {
    if (!access) out.push(await getRecord(db, r, id, ctx.storage));
    else if (!uuidRe.test(id)) throw notFound();
    // The whole record, for the audit diff and the kinds: the caller's answer is read again after the write.
    else out.push(await restrictedRecord(db, r, id, ctx.storage, { ...access, read: null }, writableSql(r, access)));
  }
  return out;
}

/** The rows one write may touch: this id, and only while the caller's rules still allow it. */
const writableRow = (r: ResourceDef, id: string, access: Access | null | undefined) =>
  and(eq(tableOf(r).id, id), readableSql(r, access), writableSql(r, access));

/** Runs a write; a record whose version moved under it (after the rollback) is the 412 with that record now. */
async function staleAsPrecondition<T>(db: Db, r: ResourceDef, ctx: WriteContext, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof VersionMoved) throw await staleRecord(db, r, err.id, ctx);
    throw err;
  }
}

/** Plans an update of each record (its slugs, its related writes) before the transaction. */
async function planUpdates(db: Db, r: ResourceDef, befores: ApiRecord[], body: Record<string, unknown>, ctx: WriteContext) {
  const t = tableOf(r);
  const writes: PlannedWrite[] = [];
  try {
    for (const before of befores) {
      const id = before._id;
      const { row, related } = await toRow(r, body);
      stampWriter(r, row, 'update', ctx.actorId);
      await fillSlugs(db, r, row, body, before);
      const planned = await planAll(db, r, related, id, ctx);
      const work = async (tx: Db) => {
        // Only related values may change (pictures, links): the row's version moves all the same, so a form
        // opened before this write is told (412) instead of putting the old pictures back.
        const changed = await tx
          .update(t)
          .set({ ...row, [ROW_VERSION]: sql`${t[ROW_VERSION]} + 1` })
          .where(and(writableRow(r, id, ctx.access), versionHeld(r, before, ctx)))
          .returning(selection(r));
        // Deleted (404) or changed (412) since it was read: the whole write rolls back.
        if (!changed.length) await missedRow(tx, r, before, ctx);
        return { id, row: changed[0] as Row };
      };
      writes.push({ planned, change: { op: 'update', before, body }, replace: true, work });
    }
  } catch (err) {
    for (const w of writes) await discardAll(w.planned);
    throw err;
  }
  return writes;
}

/**
 * Applies the same change to each of `ids` in one transaction, each checked as
 * a single update (the guard, the kinds' rules): all of them or none. A
 * missing id is a 404 before anything is written.
 */
export async function updateRecords(
  db: Db,
  r: ResourceDef,
  ids: readonly string[],
  body: Record<string, unknown>,
  ctx: WriteContext,
): Promise<Changed[]> {
  refuseUnwritable(body, ctx.access);
  const befores = await existing(db, r, ids, ctx);
  await assertFresh(db, r, befores, ctx);
  const writes = await planUpdates(db, r, befores, body, ctx);
  await staleAsPrecondition(db, r, ctx, () => writeTransaction(db, r, ctx, writes));
  const out: Changed[] = [];
  for (const before of befores) out.push({ record: await getRecord(db, r, before._id, ctx.storage), before });
  // Committed: what a replaced value kept outside the database goes (a picture file).
  for (const { record, before } of out)
    for (const [f, def] of Object.entries(r.fields)) {
      const release = serverKindOf(def).afterReplace;
      // Only the old value is kept for later, not the whole record (an import may hold many until its commit).
      const old = before[f];
      if (release && old != null && old !== record[f])
        await followCommit(db, ctx, (done) => release({ db: done, storage: ctx.storage, table: tableOf(r), field: f }, old));
    }
  if (!ctx.access && !ctx.targets) return out;
  // The answer shows a caller with access rules only the fields they read.
  const shown: Changed[] = [];
  for (const c of out) shown.push({ record: await writtenRecord(db, r, c.record._id, ctx), before: c.before });
  return shown;
}

/** Updates a record; returns it with the values it had before (for session rules). */
export async function updateRecord(db: Db, r: ResourceDef, id: string, body: Record<string, unknown>, ctx: WriteContext): Promise<Changed> {
  const [changed] = await updateRecords(db, r, [id], body, ctx);
  return changed;
}

/**
 * Deletes each of `ids` in one transaction, each checked as a single delete:
 * all of them or none; a missing id is a 404 and deletes nothing. Returns
 * the records as they were.
 */
export async function deleteRecords(db: Db, r: ResourceDef, ids: readonly string[], ctx: WriteContext): Promise<ApiRecord[]> {
  const befores = await existing(db, r, ids, ctx);
  const t = tableOf(r);
  const writes = befores.map((before): PlannedWrite => ({
    planned: [],
    change: { op: 'delete', before },
    replace: false,
    work: async (tx) => {
      // Kept in the trash with what the delete takes along, until restored or purged.
      if (r.history !== false) await trashRecord(tx, r, before._id, ctx.actorId);
      const gone = await tx
        .delete(t)
        .where(and(writableRow(r, before._id, ctx.access), versionHeld(r, before, ctx)))
        .returning({ id: t.id });
      if (!gone.length) await missedRow(tx, r, before, ctx);
      return { id: before._id };
    },
  }));
  await assertFresh(db, r, befores, ctx);
  await staleAsPrecondition(db, r, ctx, () => writeTransaction(db, r, ctx, writes));
  // Rows in the kinds' own tables went with the records (cascade); what they kept elsewhere goes now,
  // unless the trash keeps it (the trash's purge removes it).
  if (r.history !== false) return befores;
  for (const before of befores)
    for (const [f, def] of Object.entries(r.fields)) {
      const release = serverKindOf(def).afterDelete;
      const old = before[f];
      if (release) await followCommit(db, ctx, (done) => release({ db: done, storage: ctx.storage, table: t, field: f }, old));
    }
  return befores;
}

export async function deleteRecord(db: Db, r: ResourceDef, id: string, ctx: WriteContext): Promise<ApiRecord> {
  const [before] = await deleteRecords(db, r, [id], ctx);
  return before;
}
