import type { Entries } from './translationsApi';

/** One editable line of the key/value table; `id` keeps React rows stable while keys change. */
export interface Row {
  id: number;
  key: string;
  value: string;
}

let nextId = 1;
export const newRow = (key = '', value = ''): Row => ({ id: nextId++, key, value });

export const toRows = (entries: Entries): Row[] => Object.entries(entries).map(([k, v]) => newRow(k, v));

/** Blank keys are dropped on save; keys are trimmed; a later duplicate wins. */
export function toEntries(rows: readonly Row[]): Entries {
  // No prototype: a key such as "__proto__" stays an ordinary entry (the server refuses it with a reason).
  const out: Entries = Object.create(null) as Entries;
  for (const r of rows) {
    const key = r.key.trim();
    if (key) out[key] = r.value;
  }
  return out;
}

export const sortRows = (rows: readonly Row[]): Row[] => [...rows].sort((a, b) => a.key.localeCompare(b.key, 'en'));

/** Case-insensitive match on key or value; rows without a key yet always show (just added). */
export function filterRows(rows: readonly Row[], query: string): Row[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows as Row[];
  return rows.filter((r) => !r.key.trim() || r.key.toLowerCase().includes(q) || r.value.toLowerCase().includes(q));
}

/** Keys (trimmed) used by more than one row: only one of them would survive a save. */
export function duplicateKeys(rows: readonly Row[]): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const r of rows) {
    const k = r.key.trim();
    if (!k) continue;
    if (seen.has(k)) dup.add(k);
    seen.add(k);
  }
  return dup;
}

/** Entries of `reference` whose key no row of the edited language has. */
export function missingEntries(rows: readonly Row[], reference: Entries): [string, string][] {
  const have = new Set(rows.map((r) => r.key.trim()));
  return Object.entries(reference).filter(([k]) => !have.has(k));
}
