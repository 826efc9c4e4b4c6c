import { eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { inTransaction } from '../../../core/server/db/transaction';
import { queueEvent } from '../../../core/server/crud/change-events';
import { translationsT } from '../../../core/server/db/tables';
import { badRequest } from '../../../core/server/http/http-error';
import { checkSave, describeFinding, type MarkupFinding } from '../markup';
import { referenceTextOf } from '../plurals';
import { DEFAULT_REFERENCE_LANGUAGE } from '../entry-status';
import type { Entries } from './flatten';
import { recordAudit, type AuditActor } from '../../../core/server/audit/record';
import { entriesDiff } from './entries-diff';
import { baselineMeta, readMeta, referenceMeta, translationMeta } from './entry-meta';

export interface SaveOptions {
  /** Keys whose reference change the translator reviewed: they stop being flagged. */
  reviewed?: readonly string[];
  /** Save even when tags differ from the reference (never when placeholders do). */
  acceptTagWarnings?: boolean;
  /** Who saves: the audit trail records each changed key, in this transaction. */
  audit?: AuditActor;
  /** Runs in the save's transaction after the write (the audit trail's entry: it commits with the change or not at all). */
  afterWrite?: (tx: Db, before: Entries | null, row: typeof translationsT.$inferSelect) => Promise<void>;
}

const asEntries = (v: unknown): Entries => (v && typeof v === 'object' ? (v as Entries) : (Object.create(null) as Entries));
const plain = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o));

function refuse(findings: Record<string, MarkupFinding>, message: string): never {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, f] of Object.entries(findings)) fields[k] = describeFinding(f);
  throw badRequest(message, plain(fields));
}

/**
 * Saves a language's entries in one transaction: the checks against the
 * reference (placeholders, tags), the per-key meta, and, when the reference
 * itself changes, the translations' baselines. The row is locked, so two
 * saves of one language never interleave.
 */
export async function saveLanguage(db: Db, lang: string, entries: Entries, opts: SaveOptions = {}) {
  const reference = DEFAULT_REFERENCE_LANGUAGE;
  return inTransaction(db, async (tx) => {
    const [own] = await tx.select().from(translationsT).where(eq(translationsT.language, lang)).for('update');
    const before = asEntries(own?.entries);
    const meta = readMeta(own?.entryMeta);
    const now = new Date().toISOString();
    let nextMeta;
    if (lang === reference) {
      nextMeta = referenceMeta(before, entries, meta, now);
      // The others keep knowing what they were translated from.
      const others = await tx.select().from(translationsT).where(ne(translationsT.language, lang)).for('update');
      for (const row of others) {
        const base = baselineMeta(asEntries(row.entries), readMeta(row.entryMeta), before);
        if (base)
          await tx
            .update(translationsT)
            .set({ entryMeta: plain(base) })
            .where(eq(translationsT.id, row.id));
      }
    } else {
      const [refRow] = await tx.select({ entries: translationsT.entries }).from(translationsT).where(eq(translationsT.language, reference));
      const refEntries = refRow ? asEntries(refRow.entries) : null;
      if (refEntries) {
        const { errors, warnings } = checkSave(entries, before, (k) => referenceTextOf(refEntries, k));
        const nErr = Object.keys(errors).length;
        if (nErr)
          refuse({ ...errors, ...warnings }, `${nErr} ${nErr === 1 ? 'entry does' : 'entries do'} not keep the reference's placeholders.`);
        const nWarn = Object.keys(warnings).length;
        if (nWarn && !opts.acceptTagWarnings)
          refuse(
            warnings,
            `${nWarn} ${nWarn === 1 ? 'entry has' : 'entries have'} HTML tags unlike the reference's (send acceptTagWarnings to save anyway).`,
          );
      }
      nextMeta = translationMeta({ before, after: entries, meta, reference: refEntries, reviewed: new Set(opts.reviewed ?? []), now });
    }
    const values = { entries: plain(entries), entryMeta: plain(nextMeta) };
    const [row] = await tx
      .insert(translationsT)
      .values({ language: lang, ...values, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: translationsT.language, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    if (opts.audit) {
      const diff = entriesDiff(before, entries);
      if (Object.keys(diff).length)
        await recordAudit(tx, opts.audit, { action: own ? 'update' : 'create', resource: 'translations', recordId: String(row.id), diff });
    }
    if (opts.afterWrite) await opts.afterWrite(tx, own ? before : null, row);
    const keys = [...new Set([...Object.keys(before), ...Object.keys(entries)])].filter((k) => before[k] !== entries[k]);
    if (keys.length)
      await queueEvent(tx, 'translations.saved', { resource: 'translations', id: String(row.id), language: lang, fields: keys });
    return row;
  });
}
