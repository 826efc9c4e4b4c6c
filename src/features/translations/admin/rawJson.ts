import type { Entries } from './translationsApi';

/**
 * Reads the raw JSON editor: a flat map ('ra.action.save': 'Save') or the
 * nested shape of the generated files ({ra: {action: {save: 'Save'}}}).
 * Numbers and booleans become text; anything else (arrays, null, a
 * non-object) makes the whole text invalid. Returns null when invalid.
 */
export function parseRawJson(text: string): Entries | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(parsed)) return null;
  // No prototype: a key such as "__proto__" stays an ordinary entry (the server refuses it with a reason).
  const out: Entries = Object.create(null) as Entries;
  return flattenInto(parsed, '', out) ? out : null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function flattenInto(obj: Record<string, unknown>, prefix: string, out: Entries): boolean {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix + k;
    if (typeof v === 'string') out[key] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = String(v);
    else if (isObject(v)) {
      if (!flattenInto(v, key + '.', out)) return false;
    } else return false;
  }
  return true;
}

/** The text the raw editor starts from: the flat map, one entry a line. */
export const toRawJson = (entries: Entries): string => JSON.stringify(entries, null, 2);
