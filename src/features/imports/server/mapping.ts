import path from 'node:path';
import { fieldLabel, type ResourceDef } from '../../../core/shared/resource';
import { writableFields } from '../../../core/shared/api/crud';
import { humanize } from '../../../core/server/http/labels';
import { appRoot } from '../../../core/server/app-root';
import { readShipped } from '../../translations/server/shipped-keys';
import type { Entries } from '../../translations/server/flatten';

/** The column that carries a record's id (an export's, a list's `_id`): a key, never written. */
export const ID_COLUMN = '_id';

/** Which field each column goes to (null: left out). */
export type Mapping = Record<string, string | null>;

/** Compared without case, accents, spaces, dashes or underscores: "E-mail" is "email", "Όνομα" is "ονομα". */
const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '');

let shipped: Map<string, Entries> | null = null;
/** The shipped translation files (read once: every app serves the same ones). */
function labels(): Map<string, Entries> {
  shipped ??= readShipped(path.join(appRoot, 'public/locales'));
  return shipped;
}

/** A translation of the shipped files in one language, if it has the key. */
export function labelIn(lang: string, key: string): string | undefined {
  const text = labels().get(lang)?.[key];
  return typeof text === 'string' && text ? text : undefined;
}

/** The fields an import may write: what a create or update body may carry. */
export const importableFields = (r: ResourceDef): string[] => writableFields(r).map(([f]) => f);

/** The names a column may have to mean a field: its own, humanized, and its label in each shipped language. */
function namesOf(r: ResourceDef, field: string): Set<string> {
  const key = fieldLabel(r.name, field, r.fields[field]);
  const names = new Set([folded(field), folded(humanize(field))]);
  for (const entries of labels().values()) {
    const label = entries[key];
    if (typeof label === 'string' && label) names.add(folded(label));
  }
  return names;
}

/**
 * A mapping proposed for a file's columns: each column to the field whose
 * name or translated label (English, Greek) it matches, each field at most
 * once; the id column to `_id`.
 */
export function proposeMapping(r: ResourceDef, columns: readonly string[]): Mapping {
  const fields = importableFields(r).map((f) => ({ f, names: namesOf(r, f) }));
  const taken = new Set<string>();
  // Keyed by the file's column names, which its author chooses: built from entries, so a column named
  // `__proto__` is a key like any other (assigned into `{}`, a null would have become the object's prototype).
  const entries: [string, string | null][] = [];
  for (const column of columns) {
    const c = folded(column);
    if (c === '_id' || c === 'id') {
      entries.push([column, taken.has(ID_COLUMN) ? null : ID_COLUMN]);
      taken.add(ID_COLUMN);
      continue;
    }
    const hit = fields.find((x) => !taken.has(x.f) && x.names.has(c));
    entries.push([column, hit?.f ?? null]);
    if (hit) taken.add(hit.f);
  }
  return Object.fromEntries(entries);
}

/** The first of `mapping`'s entries that names neither a column of the file nor a field one may import, if any. */
export function badMapping(r: ResourceDef, columns: readonly string[], mapping: Mapping): { column: string; field: string } | null {
  const fields = new Set([...importableFields(r), ID_COLUMN]);
  for (const [column, field] of Object.entries(mapping)) {
    if (field === null) continue;
    if (!columns.includes(column) || !fields.has(field)) return { column, field };
  }
  return null;
}
