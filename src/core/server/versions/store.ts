import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../shared/resource';
import type { Db } from '../db/client';
import { isWhole, recordVersions, versionFiles, versionsOf } from '../db/system-tables';
import type { ApiRecord } from '../crud/representation';
import { changedFields, filesOf, pick, safeKey, stateOf, type VersionState } from './state';
import { rowsOf } from '../db/rows';
import { executeNamed } from '../db/named-statement';

/** What a write did to the record: its version's `op`. */
export type VersionOp = 'create' | 'update' | 'delete' | 'restore';

/**
 * Every FULL_EVERY-th version (1, 21, 41...) holds the whole record; the
 * others only what their write changed. Rebuilding one version reads at most
 * this many rows, and the whole copies cost one record per this many writes.
 */
export const FULL_EVERY = 20;

/** The first version of the run of deltas `n` belongs to: the newest whole copy at or below `n` is at or after it. */
const runStart = (n: number) => Math.floor((n - 1) / FULL_EVERY) * FULL_EVERY + 1;

interface ChainRow {
  version: number;
  full: boolean;
  data: unknown;
}

/** A state rebuilt from rows in version order: the last whole copy, then every delta after it. */
function fold(rows: readonly ChainRow[]): VersionState {
  const state: VersionState = {};
  for (const row of rows) {
    if (row.full) for (const k of Object.keys(state)) Reflect.deleteProperty(state, k);
    const data = (row.data ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(data)) if (safeKey(k)) state[k] = v;
  }
  return state;
}

/** The rows that rebuild version `n` (from its run's start: the oldest kept version is always a whole copy). */
async function chainTo(db: Db, r: ResourceDef, id: string, n: number): Promise<ChainRow[]> {
  return db
    .select({ version: recordVersions.version, full: isWhole, data: recordVersions.data })
    .from(recordVersions)
    .where(and(versionsOf(r.name, id), gte(recordVersions.version, runStart(n)), lte(recordVersions.version, n)))
    .orderBy(recordVersions.version);
}

/** Version `n` of a record as it was, or undefined when it has no such version (never written, or past retention). */
export async function stateAt(db: Db, r: ResourceDef, id: string, n: number): Promise<VersionState | undefined> {
  const rows = await chainTo(db, r, id, n);
  if (rows.at(-1)?.version !== n) return undefined;
  // From the last whole copy: rows before it belong to versions retention cut loose.
  const from = rows.findLastIndex((row) => row.full);
  return from < 0 ? undefined : fold(rows.slice(from));
}

/** The rows that rebuild a record's newest version: its last FULL_EVERY (the newest whole copy is among them), in order. */
async function newestChain(db: Db, r: ResourceDef, id: string): Promise<ChainRow[]> {
  const newest = db
    .select({ v: sql`coalesce(max(${recordVersions.version}), 0)` })
    .from(recordVersions)
    .where(versionsOf(r.name, id));
  return db
    .select({ version: recordVersions.version, full: isWhole, data: recordVersions.data })
    .from(recordVersions)
    .where(and(versionsOf(r.name, id), sql`${recordVersions.version} > (${newest}) - ${FULL_EVERY}`))
    .orderBy(recordVersions.version);
}

/** Who writes a version, and whether the write already holds the record's row lock. */
export interface VersionAuthor {
  actorId?: string | null;
  /**
   * The write locked the record's row in this transaction (a generic
   * update or delete, or a create): writers of one record are already in
   * line. Otherwise a transaction-scoped lock puts them in line.
   */
  rowLocked?: boolean;
  /**
   * The record just before this write, when the writer knows it for sure
   * (nothing else wrote it in between): the version then holds what changed
   * from it, with no need to rebuild the newest version from the chain.
   */
  before?: ApiRecord;
  /**
   * Other INSERTs that must follow the write (its audit entry, its webhook
   * event), run in the version's own statement: one round trip instead of
   * several. Each has a name saying what it is, so that each combination is a
   * statement prepared once. Not run when no version is stored (writeVersion
   * answers false): the caller runs them.
   */
  alongside?: readonly Alongside[];
}

/** An INSERT run in a version's statement; `name` is the same for every INSERT of the same text. */
export interface Alongside {
  name: string;
  sql: SQL;
}

/**
 * Inserts the next version in one statement: its number follows the newest,
 * and it holds `whole` (with the names of the `changed`
 * fields) when it starts a run (or `startsRun`), else `delta`. Returns
 * whether it was whole.
 */
async function insertVersion(
  tx: Db,
  r: ResourceDef,
  id: string,
  op: VersionOp,
  actorId: string | null,
  v: { whole: VersionState; delta: VersionState; changed: readonly string[]; startsRun: boolean },
  alongside: readonly Alongside[] = [],
): Promise<boolean> {
  const fields = JSON.stringify(v.changed);
  // Each runs once, whether or not the main statement reads it (PostgreSQL runs every data-modifying WITH).
  const also = alongside.length
    ? sql`WITH ${sql.join(
        alongside.map((a, i) => sql`${sql.raw(`alongside_${i}`)} AS (${a.sql} RETURNING 1)`),
        sql`, `,
      )} `
    : sql``;
  const [row] = rowsOf<{ full: boolean }>(
    await executeNamed(
      tx,
      ['insert_record_version', ...alongside.map((a) => a.name)].join('_'),
      sql`${also}
      INSERT INTO ${recordVersions} (resource, record_id, version, actor_id, op, fields, data)
      SELECT ${r.name}, ${id}, n.v + 1, ${actorId}, ${op},
        CASE WHEN f.whole THEN ARRAY(SELECT jsonb_array_elements_text(${fields}::jsonb)) END,
        CASE WHEN f.whole THEN ${JSON.stringify(v.whole)}::jsonb ELSE ${JSON.stringify(v.delta)}::jsonb END
      FROM (SELECT coalesce(max(version), 0) AS v FROM ${recordVersions} WHERE ${versionsOf(r.name, id)}) n,
        LATERAL (SELECT ${v.startsRun} OR n.v % ${FULL_EVERY} = 0 AS whole) f
      RETURNING ${isWhole} AS "full"`,
    ),
  );
  return Boolean(row?.full);
}

/**
 * Stores the first version of records a write just created (insertRecords:
 * their ids new, made by it), all in one statement with the `alongside`
 * INSERTs (their audit entries and events): each a whole copy, as
 * writeVersion stores a create's. Answers false, running nothing, for a
 * resource keeping no history (the caller runs `alongside`).
 */
export async function writeCreatedVersions(
  tx: Db,
  r: ResourceDef,
  records: readonly { id: string; record: ApiRecord }[],
  op: VersionOp,
  actorId: string | null | undefined,
  alongside: readonly SQL[],
): Promise<boolean> {
  if (r.history === false || !records.length) return false;
  const files: { key: string; resource: string; recordId: string }[] = [];
  const rows = records.map(({ id, record }) => {
    const after = stateOf(r, record);
    for (const key of filesOf(r, after)) files.push({ key, resource: r.name, recordId: id });
    // As writeVersion's create: compared with nothing, the fields holding a value are the changed ones.
    return { id, fields: changedFields({}, after), data: after };
  });
  const also = alongside.length
    ? sql`WITH ${sql.join(
        alongside.map((a, i) => sql`${sql.raw(`alongside_${i}`)} AS (${a} RETURNING 1)`),
        sql`, `,
      )} `
    : sql``;
  // Version 1: a record just created (its id new, made by the write) has none before it.
  await tx.execute(sql`${also}
    INSERT INTO ${recordVersions} (resource, record_id, version, actor_id, op, fields, data)
    SELECT ${r.name}, v.id, 1, ${actorId ?? null}::uuid, ${op}, ARRAY(SELECT jsonb_array_elements_text(v.fields)), v.data
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, fields jsonb, data jsonb)`);
  if (files.length) await tx.insert(versionFiles).values(files).onConflictDoNothing();
  return true;
}

/** The newest version's state, rebuilt from the chain (undefined: the record has none). */
async function newestState(tx: Db, r: ResourceDef, id: string): Promise<VersionState | undefined> {
  const rows = await newestChain(tx, r, id);
  const from = rows.findLastIndex((row) => row.full);
  return from < 0 ? undefined : fold(rows.slice(from));
}

/**
 * Stores the record's new state as its next version, inside the write's
 * transaction (it commits with the write or not at all). `record` is the
 * record after the write as the API shows it (undefined: deleted). An update
 * that changed no stored field stores nothing (answers false). Versions of one record are
 * written one at a time (the row lock, or an advisory lock), so numbers never
 * clash.
 */
export async function writeVersion(
  tx: Db,
  r: ResourceDef,
  id: string,
  op: VersionOp,
  record: ApiRecord | undefined,
  author: VersionAuthor,
): Promise<boolean> {
  if (r.history === false) return false;
  if (!author.rowLocked) {
    // In line with the generic writes (the row's lock) and with other writes of a record already gone (the advisory lock).
    await tx.execute(sql`SELECT 1 FROM ${sql.identifier(r.table)} WHERE id = ${id} FOR UPDATE`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${r.name}), hashtext(${id}))`);
  }
  // A create has nothing before it; an update whose writer knows the record before it needs no rebuilt state.
  const known = op === 'create' ? {} : author.before && stateOf(r, author.before);
  const before = known ?? (await newestState(tx, r, id));
  const after = record ? stateOf(r, record) : (before ?? {});
  const changed = before ? changedFields(before, after) : Object.keys(after);
  if (op === 'update' && before && !changed.length) return false;
  const delta = pick(after, changed);
  // A first version (or one after the chain was lost) is whole, as is each run's first.
  const full = await insertVersion(
    tx,
    r,
    id,
    op,
    author.actorId ?? null,
    {
      whole: after,
      delta,
      changed,
      startsRun: !before || op === 'create',
    },
    author.alongside,
  );
  const keys = filesOf(r, full ? after : delta);
  if (keys.length)
    await tx
      .insert(versionFiles)
      .values(keys.map((key) => ({ key, resource: r.name, recordId: id })))
      .onConflictDoNothing();
  return true;
}
