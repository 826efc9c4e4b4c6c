import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditDiff } from '../../shared/api/audit';
import { auditActorOf, recordAudit } from '../audit/record';
import type { Db } from '../db/client';
import { translationsT } from '../db/tables';
import type { Entries } from './flatten';
import { saveEntries } from './store';

/** Each key whose text a save added, changed or removed: `{key: {before, after}}` (null when absent). */
export function entriesDiff(before: Record<string, unknown>, after: Record<string, unknown>): AuditDiff {
  const diff: AuditDiff = {};
  for (const [k, v] of Object.entries(after))
    if (!Object.hasOwn(before, k) || before[k] !== v) diff[k] = { before: before[k] ?? null, after: v };
  for (const [k, v] of Object.entries(before)) if (!Object.hasOwn(after, k)) diff[k] = { before: v, after: null };
  return diff;
}

/**
 * Saves a language's entries with its audit entry in one transaction: the
 * history of a key is `GET /api/auth/audit-logs?resource=translations&field={key}`
 * (recordId: the language's row id).
 */
export async function saveEntriesAudited(db: Db, req: FastifyRequest, lang: string, entries: Entries) {
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const [old] = await tx
      .select({ entries: translationsT.entries })
      .from(translationsT)
      .where(eq(translationsT.language, lang))
      .for('update');
    const row = await saveEntries(tx, lang, entries);
    const diff = entriesDiff((old?.entries ?? {}) as Record<string, unknown>, entries);
    if (Object.keys(diff).length)
      await recordAudit(tx, auditActorOf(req), {
        action: old ? 'update' : 'create',
        resource: 'translations',
        recordId: String(row.id),
        diff,
      });
    return row;
  });
}
