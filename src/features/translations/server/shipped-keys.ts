import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { translationsT } from '../../../core/server/db/tables';
import { translationSnapshots } from '../../../core/server/db/system-tables';
import { flatten, unflatten, type Entries } from './flatten';
import { etagOf } from './snapshots';
import { isLang } from './store';

/** Each bundled language's entries (public/locales/{lang}/translations.json), flat. */
export function readShipped(bundledDir: string): Map<string, Entries> {
  const shipped = new Map<string, Entries>();
  if (!existsSync(bundledDir)) return shipped;
  for (const lang of readdirSync(bundledDir)) {
    const file = path.join(bundledDir, lang, 'translations.json');
    // A plain object: drizzle cannot write flatten()'s prototype-free ones (its keys are checked, so nothing is lost).
    if (isLang(lang) && existsSync(file))
      shipped.set(lang, Object.fromEntries(Object.entries(flatten(JSON.parse(readFileSync(file, 'utf8'))))));
  }
  return shipped;
}

/** The shipped entries `have` lacks, or null when it lacks none. */
function missingFrom(have: Entries, shipped: Entries): Entries | null {
  const missing = Object.fromEntries(Object.entries(shipped).filter(([k]) => !Object.hasOwn(have, k)));
  return Object.keys(missing).length ? missing : null;
}

/**
 * After an upgrade: the strings a new release ships are added to the editable copy and to the last Generate's
 * files, where they are missing. Without it the database keeps the first release's keys for ever, and the next
 * Generate would publish files without the new screens' strings (their raw keys would show). Nothing present is
 * changed: a translator's text always wins, and entries saved but not yet generated stay unpublished.
 * Returns the number of entries added.
 */
export async function addShippedKeys(db: Db, shipped: Map<string, Entries>): Promise<number> {
  let added = 0;
  for (const [language, entries] of shipped) {
    const [row] = await db.select({ entries: translationsT.entries }).from(translationsT).where(eq(translationsT.language, language));
    const missing = row && missingFrom(row.entries as Entries, entries);
    if (missing) {
      await db
        .update(translationsT)
        .set({ entries: { ...missing, ...(row.entries as Entries) } })
        .where(eq(translationsT.language, language));
      added += Object.keys(missing).length;
    }
    const [snapshot] = await db
      .select({ body: translationSnapshots.body })
      .from(translationSnapshots)
      .where(eq(translationSnapshots.language, language));
    const published = snapshot && flatten(JSON.parse(snapshot.body));
    const unpublished = published && missingFrom(published, entries);
    if (unpublished) {
      const body = JSON.stringify(unflatten({ ...unpublished, ...published }), null, 2);
      await db
        .update(translationSnapshots)
        .set({ body, etag: etagOf(body) })
        .where(eq(translationSnapshots.language, language));
    }
  }
  return added;
}
