import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { inTransaction } from '../../../core/server/db/transaction';
import { translationsT } from '../../../core/server/db/tables';
import { translationSnapshots } from '../../../core/server/db/system-tables';
import { unflatten, type Entries } from './flatten';
import { isLang } from './store';

/** A strong validator of a file's content (quoted, as ETag wants). */
export const etagOf = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * "Generate": every language's entries become the file browsers load,
 * stored in the database (one transaction), so each replica serves it on
 * its next request. Returns the languages generated.
 */
export async function generateSnapshots(db: Db): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    const rows = await tx.select({ language: translationsT.language, entries: translationsT.entries }).from(translationsT);
    const done: string[] = [];
    for (const row of rows) {
      const language = String(row.language);
      if (!isLang(language)) continue;
      const body = JSON.stringify(unflatten(row.entries as Entries), null, 2);
      const etag = etagOf(body);
      await tx
        .insert(translationSnapshots)
        .values({ language, body, etag })
        .onConflictDoUpdate({ target: translationSnapshots.language, set: { body, etag, generatedAt: sql`now()` } });
      done.push(language);
    }
    await tx.update(translationsT).set({ lastGenerated: sql`now()` });
    return done;
  });
}

/** The generated file of a language, if Generate ever ran for it. */
export async function readSnapshot(db: Db, language: string): Promise<{ body: string; etag: string } | null> {
  const [row] = await db
    .select({ body: translationSnapshots.body, etag: translationSnapshots.etag })
    .from(translationSnapshots)
    .where(eq(translationSnapshots.language, language));
  return row ?? null;
}
