import type { RaRecord } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { adminKindOf } from '../../field-kinds/admin';

export { CONFIRM_SUFFIX, confirmName } from '../../field-kinds/admin/confirm';

/** A record as its form edits it: each field as its kind's input wants it (refs as ids, tags as text). */
export function toFormRecord(def: ResourceDef, record: RaRecord): RaRecord {
  const out: RaRecord = { ...record };
  for (const [name, f] of Object.entries(def.fields)) {
    const toForm = adminKindOf(f).toForm;
    if (toForm && name in record) out[name] = toForm(record[name]);
  }
  return out;
}

/** The request body: declared form fields only, each in its kind's API shape. */
export function toBody(def: ResourceDef, data: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of def.form?.fields ?? []) {
    const f = def.fields[name];
    if (!f || f.readOnly || f.internal) continue;
    const { keep, value } = adminKindOf(f).toBody(data[name], creating);
    if (keep) body[name] = value;
  }
  return body;
}
