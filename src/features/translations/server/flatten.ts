import { forbiddenSegment } from '../../../core/shared/safe-keys';

export type Entries = Record<string, string>;

/**
 * Objects built from user-chosen keys have no prototype: a key can only ever
 * be an own property. (Keys with a forbidden segment are refused on save; the
 * functions below skip them too, whatever reached the database.)
 */
const bare = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

/** { a: { b: 'x' } } -> { 'a.b': 'x' }: the editor works on flat keys. */
export function flatten(obj: unknown, prefix = '', out: Entries = bare()): Entries {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
      if (forbiddenSegment(k) === null) flatten(v, prefix ? `${prefix}.${k}` : k, out);
    }
  } else if (prefix) {
    out[prefix] = obj === null || obj === undefined ? '' : String(obj);
  }
  return out;
}

/**
 * Flat keys back into nested objects, as react-admin and i18next read them.
 * A key that would overwrite a string with an object (or the reverse) stays
 * flat at the top level, where i18next still finds it.
 */
export function unflatten(entries: Entries): Record<string, unknown> {
  const root = bare<unknown>();
  const keys = Object.keys(entries)
    .filter((k) => forbiddenSegment(k) === null)
    .sort();
  for (const key of keys) {
    const parts = key.split('.');
    let node = root;
    let ok = parts.every((p) => p !== '');
    for (let i = 0; ok && i < parts.length - 1; i++) {
      const next = Object.hasOwn(node, parts[i]) ? node[parts[i]] : undefined;
      if (next === undefined) node = node[parts[i]] = bare<unknown>();
      else if (typeof next === 'object') node = next as Record<string, unknown>;
      else ok = false;
    }
    const last = parts[parts.length - 1];
    if (ok && !Object.hasOwn(node, last)) node[last] = entries[key];
    else if (!Object.hasOwn(root, key)) root[key] = entries[key];
  }
  return root;
}
