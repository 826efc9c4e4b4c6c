import { blocks, checkMarkup, type MarkupFinding } from '../markup';
import { isPluralKey, pluralBases, pluralForm, referenceTextOf } from '../plurals';
import type { EntryState } from '../entry-status';
import type { Row } from './entries';
import type { Entries } from './translationsApi';
import type { ReferenceInfo } from './useTranslationsEditor';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The translated sentence of a finding, as the value's helper text. */
export function describe(f: MarkupFinding, refLang: string, translate: Translate): string {
  const list = (items: string[], wrap: (s: string) => string) => items.map(wrap).join(', ');
  const ph = (p: string) => `{{${p}}}`;
  const parts: string[] = [];
  const lang = refLang.toUpperCase();
  if (f.missingPlaceholders.length)
    parts.push(translate('app.translations.placeholder_missing', { items: list(f.missingPlaceholders, ph) }));
  if (f.unknownPlaceholders.length)
    parts.push(translate('app.translations.placeholder_unknown', { items: list(f.unknownPlaceholders, ph), lang }));
  if (f.missingTags.length) parts.push(translate('app.translations.tag_missing', { items: list(f.missingTags, String) }));
  if (f.unknownTags.length) parts.push(translate('app.translations.tag_unknown', { items: list(f.unknownTags, String), lang }));
  return parts.join(' · ');
}

/** A row as the shared filters see it. */
export function stateOf(row: Row, reference: ReferenceInfo | null): EntryState {
  const key = row.key.trim();
  return {
    key,
    value: row.value,
    reference: reference ? (referenceTextOf(reference.texts, key) ?? null) : null,
    changed: reference?.changed.has(key) ?? false,
  };
}

/** The inline check of a row the translator changed (unchanged rows are never refused on save either). */
export function problemOf(row: Row, state: EntryState, loaded: Entries, refLang: string, translate: Translate) {
  const key = row.key.trim();
  if (Object.hasOwn(loaded, key) && loaded[key] === row.value) return null;
  const f = checkMarkup(state.reference ?? undefined, row.value);
  return f ? { text: describe(f, refLang, translate), blocks: blocks(f) } : null;
}

/** The plural category of each row's key that is a form of a plural base among the rows. */
export function pluralOf(rows: readonly Row[]): (key: string) => string | null {
  const bases = pluralBases(rows.map((r) => r.key.trim()));
  return (key) => (isPluralKey(key, bases) ? (pluralForm(key)?.category ?? null) : null);
}
