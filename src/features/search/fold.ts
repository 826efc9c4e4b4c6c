import { foldSearchText } from '../../core/shared/search-fold';

/** Whether every word of `query` occurs in `text`, compared as search compares (no case, no accents). */
export function matchesWords(text: string, query: string): boolean {
  const hay = foldSearchText(text);
  return foldSearchText(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}
