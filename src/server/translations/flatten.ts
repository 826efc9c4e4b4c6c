export type Entries = Record<string, string>;

/** { a: { b: 'x' } } -> { 'a.b': 'x' }: the editor works on flat keys. */
export function flatten(obj: unknown, prefix = '', out: Entries = {}): Entries {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
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
  const root: Record<string, unknown> = {};
  const keys = Object.keys(entries).sort();
  for (const key of keys) {
    const parts = key.split('.');
    let node = root;
    let ok = parts.every((p) => p !== '');
    for (let i = 0; ok && i < parts.length - 1; i++) {
      const next = node[parts[i]];
      if (next === undefined) node = node[parts[i]] = {};
      else if (typeof next === 'object') node = next as Record<string, unknown>;
      else ok = false;
    }
    const last = parts[parts.length - 1];
    if (ok && node[last] === undefined) node[last] = entries[key];
    else root[key] = entries[key];
  }
  return root;
}
