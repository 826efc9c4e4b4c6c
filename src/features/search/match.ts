import { foldSearchText } from '../../core/shared/search-fold';
import { SNIPPET_CHARS, type SearchMatch } from './contract';

/**
 * Where `term` occurs in `value`, ignoring case and accents as the lists' search does,
 * with a long value cut to a snippet of SNIPPET_CHARS around the match
 * (an ellipsis marks each cut). Null when it does not occur.
 */
export function matchIn(field: string, value: string, term: string): SearchMatch | null {
  const t = term.trim();
  if (!t) return null;
  // Folding keeps every length, so the folded value's offsets are the value's own.
  const at = foldSearchText(value).indexOf(foldSearchText(t));
  if (at < 0) return null;
  const length = t.length;
  if (value.length <= SNIPPET_CHARS) return { field, text: value, start: at, length };
  const room = Math.max(0, SNIPPET_CHARS - length);
  let from = Math.max(0, at - Math.floor(room / 3));
  const to = Math.min(value.length, from + Math.max(SNIPPET_CHARS, length));
  from = Math.max(0, Math.min(from, to - SNIPPET_CHARS));
  const head = from > 0 ? '…' : '';
  const tail = to < value.length ? '…' : '';
  return { field, text: `${head}${value.slice(from, to)}${tail}`, start: at - from + head.length, length };
}
