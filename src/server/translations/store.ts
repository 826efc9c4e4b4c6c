import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { translationsT } from '../db/tables';
import { flatten, type Entries } from './flatten';

/** Two or three letters, optional region: never anything that could become a path. */
import { LANG_PATTERN } from '../../shared/api/translations';

export { LANG_PATTERN };
const langRe = new RegExp(LANG_PATTERN);
export const isLang = (s: string) => langRe.test(s);

/** First start: the bundled files (every string the product shows) become the editable copy. */
export async function seedTranslations(db: Db, bundledDir: string): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(translationsT);
  if (n > 0 || !existsSync(bundledDir)) return;
  for (const lang of readdirSync(bundledDir)) {
    const file = path.join(bundledDir, lang, 'translations.json');
    if (!isLang(lang) || !existsSync(file)) continue;
    const entries = Object.fromEntries(Object.entries(flatten(JSON.parse(readFileSync(file, 'utf8')))));
    await db.insert(translationsT).values({ language: lang, entries }).onConflictDoNothing();
  }
}

export async function listLanguages(db: Db) {
  return db
    .select({ language: translationsT.language, lastGenerated: translationsT.lastGenerated, updatedAt: translationsT.updatedAt })
    .from(translationsT)
    .orderBy(asc(translationsT.language));
}

/** Replaces a language's entries in one statement (concurrent saves never mix). */
export async function saveEntries(db: Db, lang: string, safeEntries: Entries) {
  // Keys were checked (forbiddenSegment); the driver needs an ordinary object.
  const entries = Object.fromEntries(Object.entries(safeEntries));
  const [row] = await db
    .insert(translationsT)
    .values({ language: lang, entries, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: translationsT.language, set: { entries, updatedAt: sql`now()` } })
    .returning();
  return row;
}
