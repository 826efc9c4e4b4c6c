import type { RaRecord } from 'react-admin';
import type { FieldDef, ResourceDef } from '../../shared/resource';

/** Suffix of the form-only confirmation twin of a password field. */
export const CONFIRM_SUFFIX = 'Confirm';
export const confirmName = (field: string) => `${field}${CONFIRM_SUFFIX}`;

function idOf(v: unknown): unknown {
  if (v && typeof v === 'object' && '_id' in v) return (v as { _id: unknown })._id;
  if (v && typeof v === 'object' && 'id' in v) return (v as { id: unknown }).id;
  return v;
}

/** Lists populate refs as objects; the form edits ids (SPEC 3 "Edit shows ids"). */
export function toFormRecord(def: ResourceDef, record: RaRecord): RaRecord {
  const out: RaRecord = { ...record };
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.type === 'ref') out[name] = idOf(record[name]) ?? null;
    if (f.type === 'refList') out[name] = Array.isArray(record[name]) ? (record[name] as unknown[]).map(idOf) : [];
    if (f.type === 'tags' && Array.isArray(record[name])) out[name] = (record[name] as string[]).join(', ');
  }
  return out;
}

function bodyValue(f: FieldDef, v: unknown, creating: boolean): { keep: boolean; value?: unknown } {
  const empty = v === undefined || v === null || v === '';
  switch (f.type) {
    case 'password':
      // Blank password means "unchanged" (SPEC 3: password sent on update when set).
      return empty ? { keep: false } : { keep: true, value: v };
    case 'boolean':
      return { keep: true, value: v === true };
    case 'number':
      return empty ? { keep: false } : { keep: true, value: Number(v) };
    case 'ref':
    case 'enum':
      return empty ? { keep: false } : { keep: true, value: idOf(v) };
    case 'refList':
      return { keep: true, value: Array.isArray(v) ? v.map(idOf) : [] };
    case 'tags':
      return {
        keep: true,
        value: (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => String(s).trim()).filter(Boolean),
      };
    default:
      // Creating: an empty optional text is simply absent. Updating: '' clears it.
      if (empty) return creating ? { keep: false } : { keep: true, value: '' };
      return { keep: true, value: typeof v === 'string' ? v.trim() : v };
  }
}

/** The request body: declared form fields only, in the API's shapes. */
export function toBody(def: ResourceDef, data: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of def.form?.fields ?? []) {
    const f = def.fields[name];
    if (!f || f.readOnly || f.internal) continue;
    const { keep, value } = bodyValue(f, data[name], creating);
    if (keep) body[name] = value;
  }
  return body;
}
