/**
 * How search compares text, on the server and in the browser: lower case,
 * then each accented letter as its plain one (Greek tonos and dialytika,
 * final sigma, the common Latin accents), so "μαρια" finds "Μαρία" and
 * "emile" finds "Émile". One letter for one: a match's place in the folded
 * text is its place in the original. The database's `search_fold(text)`
 * (migrations 0022_search_fold, 0026_search_fold_ascii) translates with exactly these two strings; a
 * unit test holds them together.
 */
export const FOLD_FROM = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöøōőùúûüūůűųýÿžźżśšşłάέήίόύώϊϋΐΰς';
export const FOLD_TO = 'aaaaaaaaacccdeeeeeeeeiiiiiiinnnoooooooouuuuuuuuyyzzzssslαεηιουωιυιυσ';

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]]));

/** One UTF-16 unit folded; a unit whose lower case is longer (İ) stays as it is, so lengths never change. */
function foldUnit(c: string): string {
  const lower = c.toLowerCase();
  return lower.length === 1 ? (FOLD.get(lower) ?? lower) : c;
}

/** `text` as search compares it (same length as `text`). */
export function foldSearchText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += foldUnit(text[i]);
  return out;
}

const FOLDED_TO = new Set(FOLD_TO);

/**
 * A LIKE pattern (for ILIKE) every value whose folded text holds `folded`
 * matches: each letter an accented one folds to stands for any one
 * character, the rest for themselves in any case. A cheap first test where
 * no index serves the folded text (folding every value is the slow part).
 */
export function foldedSuperset(folded: string, escape: (s: string) => string): string {
  return `%${[...folded].map((c) => (FOLDED_TO.has(c) ? '_' : escape(c))).join('')}%`;
}
