import type { RaRecord } from 'react-admin';
import { kindOf } from '..';
import type { ResourceDef } from '../../shared/resource';

/** How a referenced record reads in a choice list: its label field, plus its e-mail (a `choiceDetail` kind) when it has one. */
export function refOptionText(target: ResourceDef | undefined): (r: RaRecord) => string {
  const labelField = target?.recordLabel ?? 'name';
  const detailField = target ? Object.keys(target.fields).find((k) => kindOf(target.fields[k]).choiceDetail) : undefined;
  return (r: RaRecord) => {
    const label = String(r?.[labelField] ?? r?.id ?? '');
    const detail = detailField && detailField !== labelField ? r?.[detailField] : undefined;
    return detail ? `${label} (${String(detail)})` : label;
  };
}

/** A populated record as text: its label field, else its name, else its id. */
export function populatedLabel(v: unknown, target: ResourceDef | undefined): string {
  if (!v || typeof v !== 'object') return v === null || v === undefined ? '' : String(v);
  const o = v as Record<string, unknown>;
  return String(o[target?.recordLabel ?? 'name'] ?? o.name ?? o._id ?? '');
}
