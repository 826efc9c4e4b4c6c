/**
 * A text as the palette compares it: lower case, without accents or other
 * combining marks ("Μαρία" and "μαρια", "Émile" and "emile" are the same).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether every word of `query` occurs in `text`, both folded. */
export function matchesWords(text: string, query: string): boolean {
  const hay = foldForSearch(text);
  return foldForSearch(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}
