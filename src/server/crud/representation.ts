import type { ResourceDef } from '../../shared/resource';

export type Row = Record<string, unknown>;
export type ApiRecord = Record<string, unknown> & { _id: string };

/** Fields the API returns for a resource (never write-only or internal ones). */
export function readableFields(r: ResourceDef): string[] {
  return Object.entries(r.fields)
    .filter(([, d]) => !d.writeOnly && !d.internal)
    .map(([f]) => f);
}

export function isoDate(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A database row as the API shows it: `_id`, readable fields, dates as ISO strings. */
export function toApi(r: ResourceDef, row: Row): ApiRecord {
  const out: ApiRecord = { _id: String(row.id) };
  for (const f of readableFields(r)) {
    const def = r.fields[f];
    const v = row[f];
    out[f] = def.type === 'date' ? isoDate(v) : (v ?? (def.type === 'refList' || def.type === 'tags' || def.type === 'images' ? [] : null));
  }
  return out;
}
