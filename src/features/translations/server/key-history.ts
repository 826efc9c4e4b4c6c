import { and, eq, sql } from 'drizzle-orm';
import type { Static } from '../../../core/shared/api/schema';
import type { KeyChange } from '../contract';
import type { Db } from '../../../core/server/db/client';
import { translationsT } from '../../../core/server/db/tables';
import { auditLogs } from '../../../core/server/db/system-tables';
import { isoDate } from '../../../core/server/crud/representation';
import { auditTotal, newestFirst } from '../../audit/server/query';
import { pageOffset } from '../../../core/shared/api/paging';

type Change = Static<typeof KeyChange>;

/** A diff side as the history shows it: text, or null when the key was absent (or held something else). */
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * One key's changes in one language: the audit entries of saves of that
 * language's row whose diff names the key (server/save.ts writes one
 * diff entry per changed key), newest first.
 */
export async function keyHistory(db: Db, lang: string, key: string, page: number, limit: number) {
  const [row] = await db.select({ id: translationsT.id }).from(translationsT).where(eq(translationsT.language, lang));
  if (!row) return { data: [] as Change[], total: 0 };
  const where = and(
    eq(auditLogs.resource, 'translations'),
    eq(auditLogs.recordId, String(row.id)),
    sql`jsonb_exists(${auditLogs.diff}, ${key})`,
  );
  const offset = pageOffset(page, limit);
  const rows = await db
    .select({
      id: auditLogs.id,
      at: auditLogs.at,
      actorId: auditLogs.actorId,
      actorEmail: auditLogs.actorEmail,
      change: sql<unknown>`${auditLogs.diff} -> ${key}`,
    })
    .from(auditLogs)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const total = await auditTotal(db, where, rows.length, limit, offset);
  const data = rows.map((r): Change => {
    const change = (r.change && typeof r.change === 'object' ? r.change : {}) as { before?: unknown; after?: unknown };
    return {
      _id: r.id,
      at: isoDate(r.at) ?? new Date(0).toISOString(),
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      before: text(change.before),
      after: text(change.after),
    };
  });
  return { data, total };
}
