/**
 * Plural keys as i18next reads them: `key_one`, `key_other`, ... with the
 * suffixes Intl.PluralRules gives for the language (en: one, other; ar:
 * zero, one, two, few, many, other). i18next falls back to the bare `key`
 * when `key_other` is absent, so a bare key counts as the `other` form.
 */

export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_SUFFIXES)[number];

const SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/** The categories a language needs, in the order above. */
export function pluralCategories(lng: string): PluralCategory[] {
  let found: string[];
  try {
    found = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  } catch {
    found = ['one', 'other'];
  }
  return PLURAL_SUFFIXES.filter((c) => found.includes(c));
}

/** `app.x_one` -> { base: 'app.x', category: 'one' }; null for an ordinary key. */
export function pluralForm(key: string): { base: string; category: PluralCategory } | null {
  const m = SUFFIX.exec(key);
  return m ? { base: m[1], category: m[2] as PluralCategory } : null;
}

/**
 * Bases with a `_one` or `_other` form among `keys` (every language has
 * `other`): `too_many` alone is an ordinary key, not a plural of `too`.
 */
export function pluralBases(keys: Iterable<string>): Set<string> {
  const bases = new Set<string>();
  for (const k of keys) {
    const f = pluralForm(k);
    if (f && (f.category === 'one' || f.category === 'other')) bases.add(f.base);
  }
  return bases;
}

/** Whether `key` is one form of a plural base among `keys`. */
export function isPluralKey(key: string, bases: ReadonlySet<string>): boolean {
  const f = pluralForm(key);
  return f !== null && bases.has(f.base);
}

/** Each plural base among `keys` with the forms the language needs and lacks. */
export function missingPluralForms(keys: Iterable<string>, lng: string): Map<string, PluralCategory[]> {
  const have = new Set(keys);
  const needed = pluralCategories(lng);
  const out = new Map<string, PluralCategory[]>();
  for (const base of [...pluralBases(have)].sort()) {
    const lacking = needed.filter((c) => !have.has(`${base}_${c}`) && !(c === 'other' && have.has(base)));
    if (lacking.length) out.set(base, lacking);
  }
  return out;
}

/**
 * The keys a language should have, given its reference's keys: ordinary keys
 * as they are; each plural base with the forms of the language (not of the
 * reference: Greek and Arabic need different ones).
 */
export function expectedKeys(referenceKeys: Iterable<string>, lng: string): string[] {
  const keys = [...referenceKeys];
  const bases = pluralBases(keys);
  const cats = pluralCategories(lng);
  const out = new Set<string>();
  for (const k of keys) {
    // Forms of a plural base come from the language's categories below; a bare base is its `other` form.
    if (!isPluralKey(k, bases) && !bases.has(k)) out.add(k);
  }
  const have = new Set(keys);
  // The reference's bare key stands for its `other` form: the language may do the same.
  for (const b of bases) for (const c of cats) out.add(c === 'other' && !have.has(`${b}_other`) && have.has(b) ? b : `${b}_${c}`);
  return [...out].sort();
}

/**
 * The reference text for one of the language's keys: the same key, else
 * (a form the reference language has no use for, e.g. `_few`) its `other`
 * form, else its bare base.
 */
export function referenceTextOf(reference: Record<string, string>, key: string): string | undefined {
  if (Object.hasOwn(reference, key)) return reference[key];
  const f = pluralForm(key);
  if (!f) return undefined;
  for (const k of [`${f.base}_other`, f.base]) if (Object.hasOwn(reference, k)) return reference[k];
  return undefined;
}
