import type { RaRecord } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';

/** How a referenced record reads in a choice list: its label field, plus its e-mail when it has one. */
export function refOptionText(target: ResourceDef | undefined): (r: RaRecord) => string {
  const labelField = target?.recordLabel ?? 'name';
  const emailField = target ? Object.keys(target.fields).find((k) => target.fields[k].type === 'email') : undefined;
  return (r: RaRecord) => {
    const label = String(r?.[labelField] ?? r?.id ?? '');
    const email = emailField && emailField !== labelField ? r?.[emailField] : undefined;
    return email ? `${label} (${String(email)})` : label;
  };
}
