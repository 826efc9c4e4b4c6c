import type { RaRecord } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { adminKindOf } from '../../field-kinds/admin';
import { UNLIMITED, type FieldAccess } from './fieldAccess';

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

/**
 * The form's fields as the user's access rules leave them: a field is shown
 * when they may read it (a write-only one, such as a password, when they
 * may write it), and edited when they may write it.
 */
export function formFieldsOf(def: ResourceDef, access: FieldAccess = UNLIMITED): { name: string; writable: boolean }[] {
  return (def.form?.fields ?? []).flatMap((name) => {
    const f = def.fields[name];
    const writable = access.write(name);
    const shown = f?.writeOnly ? writable : access.read(name);
    return shown ? [{ name, writable }] : [];
  });
}

/**
 * The request body: declared form fields the user may write only (the
 * server refuses a body naming any other), each in its kind's API shape.
 */
export function toBody(
  def: ResourceDef,
  data: Record<string, unknown>,
  creating: boolean,
  access: FieldAccess = UNLIMITED,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of def.form?.fields ?? []) {
    const f = def.fields[name];
    if (!f || f.readOnly || f.internal || !access.write(name)) continue;
    const { keep, value } = adminKindOf(f).toBody(data[name], creating);
    if (keep) body[name] = value;
  }
  return body;
}
