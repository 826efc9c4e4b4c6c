import { and, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditVisibility } from './visibility';
import type { AuditEntry, AuditFilters } from '../contract';
import { UUID_PATTERN } from '../../../core/field-kinds/kind';
import { csvCell } from '../../../core/shared/csv';
import type { Db } from '../../../core/server/db/client';
import { auditLogs } from '../../../core/server/db/system-tables';
import { isoDate } from '../../../core/server/crud/representation';
import { escapeLike } from '../../../core/server/crud/query';
import { badRequest } from '../../../core/server/http/http-error';
import { countRows } from '../../../core/server/crud/count';
import type { AnyTable } from '../../../core/server/db/any-table';

const uuidRe = new RegExp(UUID_PATTERN);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `from`/`to` value as an instant: a day starts at 00:00 UTC; `to` a day covers all of it (up to the next day, excluded). */
function instant(name: 'from' | 'to', value: string): { at: string; before?: boolean } {
  const day = DAY.test(value);
  const ms = Date.parse(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) throw badRequest(`${name} is not a valid date`, { [name]: 'Not a valid date' });
  if (day && name === 'to') return { at: new Date(ms + 86_400_000).toISOString(), before: true };
  return { at: new Date(ms).toISOString() };
}

/** What of an entry the reader sees: the diff and the actor, as their access rules show them. */
export interface SeenColumns {
  diff: SQL;
  actorId: SQL;
  actorEmail: SQL;
}

const ALL_COLUMNS: SeenColumns = {
  diff: sql`${auditLogs.diff}`,
  actorId: sql`${auditLogs.actorId}`,
  actorEmail: sql`${auditLogs.actorEmail}`,
};

/** The columns of an entry as `seen` shows them. */
export const seenColumns = (seen: SeenColumns) => ({
  ...getTableColumns(auditLogs),
  diff: seen.diff,
  actorId: sql<string | null>`${seen.actorId}`,
  actorEmail: sql<string | null>`${seen.actorEmail}`,
  // The token goes with the actor: hidden where the actor is.
  tokenId: sql<string | null>`CASE WHEN ${seen.actorEmail} IS NULL THEN NULL ELSE ${auditLogs.tokenId} END`,
  tokenName: sql<string | null>`CASE WHEN ${seen.actorEmail} IS NULL THEN NULL ELSE ${auditLogs.tokenName} END`,
});

/** The WHERE of the list and the export over what the reader sees (search and filters cannot find a hidden value). */
export function auditWhere(f: AuditFilters, seen: SeenColumns = ALL_COLUMNS): SQL | undefined {
  const t = auditLogs;
  const { diff } = seen;
  const conds: (SQL | undefined)[] = [];
  const q = f.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    conds.push(
      or(
        sql`${seen.actorEmail} ILIKE ${like}`,
        ilike(t.action, like),
        ilike(t.resource, like),
        ilike(t.recordId, like),
        ilike(t.ip, like),
        sql`(${diff})::text ILIKE ${like}`,
      ),
    );
  }
  const actor = f.actor?.trim();
  if (actor)
    conds.push(uuidRe.test(actor) ? sql`${seen.actorId} = ${actor}::uuid` : sql`${seen.actorEmail} ILIKE ${`%${escapeLike(actor)}%`}`);
  if (f.resource) conds.push(eq(t.resource, f.resource));
  if (f.action) conds.push(eq(t.action, f.action));
  if (f.recordId) conds.push(eq(t.recordId, f.recordId));
  if (f.field) conds.push(sql`jsonb_exists(${diff}, ${f.field})`);
  if (f.from) conds.push(sql`${t.at} >= ${instant('from', f.from).at}::timestamptz`);
  if (f.to) {
    const to = instant('to', f.to);
    conds.push(to.before ? sql`${t.at} < ${to.at}::timestamptz` : sql`${t.at} <= ${to.at}::timestamptz`);
  }
  const present = conds.filter((c): c is SQL => c !== undefined);
  return present.length ? and(...present) : undefined;
}

type Row = typeof auditLogs.$inferSelect;

export function auditToApi(row: Row): AuditEntry {
  return {
    _id: row.id,
    at: isoDate(row.at) ?? new Date(0).toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    resource: row.resource,
    recordId: row.recordId,
    diff: (row.diff as AuditEntry['diff']) ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    tokenId: row.tokenId,
    tokenName: row.tokenName,
  };
}

export const newestFirst = [desc(auditLogs.at), desc(auditLogs.id)];

/** Rows per query of an export: memory stays flat at any size. */
export const AUDIT_EXPORT_BATCH = 1000;

const CSV_COLUMNS = ['at', 'actorEmail', 'actorId', 'action', 'resource', 'recordId', 'diff', 'ip', 'userAgent', 'tokenName'] as const;

/**
 * The filtered trail as CSV, newest first, read in keyset batches on
 * (at, id) so no cursor pins a connection; the diff is its JSON.
 */
export async function* exportAuditCsv(db: Db, f: AuditFilters, seen: AuditVisibility): AsyncGenerator<string> {
  const where = and(auditWhere(f, seen), seen.where);
  yield '\uFEFF' + CSV_COLUMNS.join(',') + '\r\n';
  let last: { at: string; id: string } | null = null;
  for (;;) {
    const rows: Row[] = await db
      .select(seenColumns(seen))
      .from(auditLogs)
      .where(and(where, last ? sql`(${auditLogs.at}, ${auditLogs.id}) < (${last.at}::timestamptz, ${last.id}::uuid)` : undefined))
      .orderBy(...newestFirst)
      .limit(AUDIT_EXPORT_BATCH);
    if (!rows.length) return;
    const end = rows[rows.length - 1];
    last = { at: end.at, id: end.id };
    yield rows
      .map((row) => {
        const e = auditToApi(row);
        const cells = CSV_COLUMNS.map((c) => (c === 'diff' ? (e.diff ? JSON.stringify(e.diff) : '') : String(e[c] ?? '')));
        return cells.map((c) => csvCell(c)).join(',') + '\r\n';
      })
      .join('');
    if (rows.length < AUDIT_EXPORT_BATCH) return;
  }
}

/** The number of entries `where` matches, given a page of them: a short page that is not empty is the last one, so no count is needed. */
export async function auditTotal(db: Db, where: SQL | undefined, shown: number, limit: number, offset: number): Promise<number> {
  if (shown < limit && (shown > 0 || offset === 0)) return offset + shown;
  return (await countRows(db, auditLogs as unknown as AnyTable, where, 'audit_logs')).total;
}
