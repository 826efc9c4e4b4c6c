import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../core/server/db/client';
import { rowsOf } from '../../../core/server/db/rows';
import { escapeLike } from '../../../core/server/crud/query';
import { translationsT } from '../../../core/server/db/tables';
import { foldedSuperset, foldSearchText } from '../../../core/shared/search-fold';

/** The route whose permission lets a person read every language's entries: search shows entries to them alone. */
export const ENTRIES_ROUTE = '/api/auth/translations/entries';

export interface FoundEntry {
  language: string;
  key: string;
  value: string;
}

/**
 * Whether a key or text holding `folded` holds it as written in the entries'
 * JSON form too: JSON escapes only quotes, backslashes and control
 * characters, so a term without them is found there wherever it is in an entry.
 */
function inJsonText(folded: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
  return !/["\\\u0000-\u001f]/.test(folded);
}

/**
 * Entries of every stored language whose key or text holds `q` (any case or accents),
 * by key then language, the first `limit` of them, and how many there are.
 */
export async function searchEntries(db: Db, q: string, limit: number): Promise<{ found: FoundEntry[]; total: number }> {
  const folded = foldSearchText(q);
  const pattern = `%${escapeLike(folded)}%`;
  // Texts have no index: a plain ILIKE (cheap) picks the candidates, and only they are folded (the slow part).
  const rough = foldedSuperset(folded, escapeLike);
  const matches = (col: SQL) => sql`(${col} ILIKE ${rough} AND search_fold(${col}) LIKE ${pattern})`;
  // A language whose folded texts (migration 0027_translations_folded) lack the term is not expanded at all.
  const holds = inJsonText(folded) ? sql`t.entries_folded LIKE ${pattern} AND` : sql``;
  const matching = sql`FROM ${translationsT} t, jsonb_each_text(t.entries) AS e(key, value)
    WHERE ${holds} jsonb_typeof(t.entries) = 'object' AND (${matches(sql`e.key`)} OR ${matches(sql`e.value`)})`;
  // One pass over the texts: the total is a window over every match, taken before the limit.
  const rows = rowsOf<FoundEntry & { total: number }>(
    await db.execute(
      sql`SELECT t.language, e.key, e.value, count(*) OVER ()::int AS total ${matching} ORDER BY e.key, t.language LIMIT ${limit}`,
    ),
  );
  return {
    found: rows.map((r) => ({ language: String(r.language), key: String(r.key), value: String(r.value) })),
    total: Number(rows[0]?.total ?? 0),
  };
}
