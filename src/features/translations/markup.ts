/**
 * What a translation must carry over from its reference text: i18next
 * `{{placeholders}}` (a missing or misspelled one shows the raw braces or
 * nothing) and HTML tags (a lost `<b>` only changes the look, so the
 * translator may override that warning). Shared: the editor shows the same
 * findings inline that the server refuses on save.
 */

/** `{{name}}`, `{{ count }}`, `{{- raw}}`, `{{value, number}}`: the variable's name. */
const PLACEHOLDER = /\{\{\s*-?\s*([^{},\s]+)\s*(?:,[^{}]*)?\}\}/g;
/** `<b>`, `</a>`, `<br/>`, `<a href="...">`: the lower-cased tag as opening or closing. */
const TAG = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*?(\/?)\s*>/g;

const counts = (items: string[]) => {
  const m = new Map<string, number>();
  for (const i of items) m.set(i, (m.get(i) ?? 0) + 1);
  return m;
};

export const placeholdersOf = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);

export const tagsOf = (text: string): string[] =>
  [...text.matchAll(TAG)].map((m) => (m[3] ? `<${m[2].toLowerCase()}/>` : `<${m[1]}${m[2].toLowerCase()}>`));

/** Items of `reference` the translation lacks (as many times as they are lacking), and the translation's extras. */
function compare(reference: string[], translation: string[]) {
  const have = counts(translation);
  const want = counts(reference);
  const missing: string[] = [];
  const extra: string[] = [];
  for (const [item, n] of want) if ((have.get(item) ?? 0) < n) missing.push(item);
  for (const [item, n] of have) if ((want.get(item) ?? 0) < n) extra.push(item);
  return { missing, extra };
}

export interface MarkupFinding {
  /** Placeholders of the reference the translation lacks: always refused. */
  missingPlaceholders: string[];
  /** Placeholders the reference does not have (a misspelling, usually): always refused. */
  unknownPlaceholders: string[];
  /** Tags of the reference the translation lacks, or tags it adds: a warning the translator may override. */
  missingTags: string[];
  unknownTags: string[];
}

/** Compares one translation with its reference text; null when nothing is wrong (or either is blank). */
export function checkMarkup(reference: string | undefined, translation: string): MarkupFinding | null {
  if (reference === undefined || !reference.trim() || !translation.trim()) return null;
  const p = compare(placeholdersOf(reference), placeholdersOf(translation));
  const t = compare(tagsOf(reference), tagsOf(translation));
  if (!p.missing.length && !p.extra.length && !t.missing.length && !t.extra.length) return null;
  return { missingPlaceholders: p.missing, unknownPlaceholders: p.extra, missingTags: t.missing, unknownTags: t.extra };
}

export const blocks = (f: MarkupFinding) => f.missingPlaceholders.length > 0 || f.unknownPlaceholders.length > 0;
export const warns = (f: MarkupFinding) => f.missingTags.length > 0 || f.unknownTags.length > 0;

/** The English sentence the API gives per key (the editor translates its own from the finding). */
export function describeFinding(f: MarkupFinding): string {
  const parts: string[] = [];
  if (f.missingPlaceholders.length) parts.push(`missing placeholder ${f.missingPlaceholders.map((p) => `{{${p}}}`).join(', ')}`);
  if (f.unknownPlaceholders.length) parts.push(`unknown placeholder ${f.unknownPlaceholders.map((p) => `{{${p}}}`).join(', ')}`);
  if (f.missingTags.length) parts.push(`missing tag ${f.missingTags.join(', ')}`);
  if (f.unknownTags.length) parts.push(`tag not in the reference ${f.unknownTags.join(', ')}`);
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

export interface SaveFindings {
  /** Key -> finding, for keys whose placeholders differ: the save is refused. */
  errors: Record<string, MarkupFinding>;
  /** Key -> finding, for keys whose tags alone differ: refused unless accepted. */
  warnings: Record<string, MarkupFinding>;
}

/**
 * The checks a save runs: only on entries the save adds or changes (an old
 * entry never blocks someone fixing another), each against its reference
 * text (`referenceText`, which knows plural forms).
 */
export function checkSave(
  entries: Record<string, string>,
  previous: Record<string, string>,
  referenceText: (key: string) => string | undefined,
): SaveFindings {
  const errors: Record<string, MarkupFinding> = Object.create(null) as Record<string, MarkupFinding>;
  const warnings: Record<string, MarkupFinding> = Object.create(null) as Record<string, MarkupFinding>;
  for (const [key, value] of Object.entries(entries)) {
    if (Object.hasOwn(previous, key) && previous[key] === value) continue;
    const f = checkMarkup(referenceText(key), value);
    if (!f) continue;
    if (blocks(f)) errors[key] = f;
    else if (warns(f)) warnings[key] = f;
  }
  return { errors, warnings };
}
