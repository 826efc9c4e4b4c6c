import { expectedKeys, referenceTextOf } from './plurals';

/**
 * The translator's filters (untranslated, same as the reference, reference
 * changed), one definition for the API's server-side filter and the editor's
 * live one.
 */
export const ENTRY_FILTERS = ['all', 'untranslated', 'same', 'changed'] as const;
export type EntryFilter = (typeof ENTRY_FILTERS)[number];

/** The language every other is translated from, unless a request names another. */
export const DEFAULT_REFERENCE_LANGUAGE = 'en';

export interface EntryState {
  key: string;
  /** null: the language has no such key yet (the reference has). */
  value: string | null;
  /** The reference text (plural forms the reference lacks: its `other` form); null when none. */
  reference: string | null;
  /** The reference text changed since this entry was last saved. */
  changed: boolean;
}

const blank = (t: string | null | undefined) => typeof t === 'string' && t.trim() === '';
/** No value, or a blank one where the reference has text (a reference that is itself blank, e.g. `ra.boolean.null`, is matched by a blank). */
export const isUntranslated = (e: Pick<EntryState, 'value' | 'reference'>) => e.value === null || (blank(e.value) && !blank(e.reference));
export const isSameAsReference = (e: Pick<EntryState, 'value' | 'reference'>) =>
  e.value !== null && e.reference !== null && e.value.trim() !== '' && e.value === e.reference;

export function matchesFilter(e: EntryState, filter: EntryFilter): boolean {
  switch (filter) {
    case 'untranslated':
      return isUntranslated(e);
    case 'same':
      return isSameAsReference(e);
    case 'changed':
      return e.changed && !isUntranslated(e);
    default:
      return true;
  }
}

/** Case-insensitive search in the key, the value and the reference text. */
export function matchesSearch(e: EntryState, q: string): boolean {
  const s = q.trim().toLowerCase();
  if (!s) return true;
  return [e.key, e.value ?? '', e.reference ?? ''].some((t) => t.toLowerCase().includes(s));
}

/**
 * Every entry of a language beside its reference: the language's own keys,
 * then the keys it should have and lacks (value null), in key order.
 */
export function entryStates(
  lang: string,
  entries: Record<string, string>,
  reference: Record<string, string> | null,
  isChanged: (key: string) => boolean,
): EntryState[] {
  const keys = new Set(Object.keys(entries));
  if (reference) for (const k of expectedKeys(Object.keys(reference), lang)) keys.add(k);
  return [...keys].sort().map((key) => ({
    key,
    value: Object.hasOwn(entries, key) ? entries[key] : null,
    reference: reference ? (referenceTextOf(reference, key) ?? null) : null,
    changed: isChanged(key),
  }));
}

/** translated / total over the keys the reference says the language needs. */
export function progressOf(lang: string, entries: Record<string, string>, reference: Record<string, string> | null) {
  // The reference measures itself the same way: its plural forms counted once each.
  const keys = expectedKeys(Object.keys(reference ?? entries), lang);
  const translated = keys.filter(
    (k) => Object.hasOwn(entries, k) && !isUntranslated({ value: entries[k], reference: referenceTextOf(reference ?? entries, k) ?? null }),
  ).length;
  return { translated, total: keys.length };
}
