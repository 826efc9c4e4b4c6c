import { asc, count } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { translationsT } from '../../../core/server/db/tables';
import type { Entries } from './flatten';
import { addShippedKeys, readShipped } from './shipped-keys';
import { DEFAULT_REFERENCE_LANGUAGE, progressOf } from '../entry-status';

/** Two or three letters, optional region: never anything that could become a path. */
import { LANG_PATTERN } from '../contract';

export { LANG_PATTERN };
const langRe = new RegExp(LANG_PATTERN);
export const isLang = (s: string) => langRe.test(s);

/**
 * First start: the bundled files (every string the product shows) become the editable copy. Later starts add the
 * strings a new release brought (shipped-keys.ts).
 */
export async function seedTranslations(db: Db, bundledDir: string): Promise<void> {
  const shipped = readShipped(bundledDir);
  const [{ n }] = await db.select({ n: count() }).from(translationsT);
  if (n > 0) {
    await addShippedKeys(db, shipped);
    return;
  }
  for (const [language, entries] of shipped) await db.insert(translationsT).values({ language, entries }).onConflictDoNothing();
}

/** Every language with its times and progress against the reference (the language bar). */
export async function listLanguages(db: Db) {
  const rows = await db
    .select({
      language: translationsT.language,
      lastGenerated: translationsT.lastGenerated,
      updatedAt: translationsT.updatedAt,
      entries: translationsT.entries,
    })
    .from(translationsT)
    .orderBy(asc(translationsT.language));
  const ref = rows.find((r) => r.language === DEFAULT_REFERENCE_LANGUAGE);
  const refEntries = ref ? (ref.entries as Entries) : null;
  return rows.map(({ entries, ...r }) => ({
    ...r,
    progress: progressOf(String(r.language), entries as Entries, r.language === DEFAULT_REFERENCE_LANGUAGE ? null : refEntries),
  }));
}
