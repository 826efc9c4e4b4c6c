import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { translationsT } from '../db/tables';
import { flatten, unflatten, type Entries } from './flatten';

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

/** Writes every language's file: a temporary file, then a rename, so readers never see half a file. */
export async function generateFiles(db: Db, localesDir: string): Promise<string[]> {
  const rows = await db.select().from(translationsT);
  for (const row of rows) {
    const lang = String(row.language);
    if (!isLang(lang)) continue;
    const dir = path.join(localesDir, lang);
    await mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.translations.${process.pid}.${crypto.randomUUID()}.tmp`);
    await writeFile(tmp, JSON.stringify(unflatten(row.entries as Entries), null, 2));
    await rename(tmp, path.join(dir, 'translations.json'));
  }
  await db.update(translationsT).set({ lastGenerated: sql`now()` });
  return rows.map((r) => String(r.language));
}
