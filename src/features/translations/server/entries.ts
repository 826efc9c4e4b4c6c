import { inArray } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { translationsT } from '../../../core/server/db/tables';
import { DEFAULT_REFERENCE_LANGUAGE, entryStates } from '../entry-status';
import type { Entries } from './flatten';
import { isChanged, readMeta } from './entry-meta';

/**
 * A language's entries beside the reference language's text, with the
 * "changed in the reference since saved" flag; null when neither the
 * language nor the reference exists.
 */
export async function readEntryStates(db: Db, lang: string) {
  const reference = DEFAULT_REFERENCE_LANGUAGE;
  const rows = await db
    .select({ language: translationsT.language, entries: translationsT.entries, entryMeta: translationsT.entryMeta })
    .from(translationsT)
    .where(inArray(translationsT.language, [lang, reference]));
  const own = rows.find((r) => r.language === lang);
  const ref = lang === reference ? null : rows.find((r) => r.language === reference);
  if (!own && !ref) return null;
  const refEntries = ref ? (ref.entries as Entries) : null;
  const meta = readMeta(own?.entryMeta);
  return {
    found: Boolean(own),
    reference: ref ? reference : null,
    states: entryStates(lang, (own?.entries ?? {}) as Entries, refEntries, (k) => isChanged(meta, refEntries, k)),
  };
}
