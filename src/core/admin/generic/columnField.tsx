import type { ReactElement } from 'react';
import type { TranslateFunction } from 'react-admin';
import type { ColumnDef, FieldDef, ResourceDef } from '../../shared/resource';
import { fieldLabel } from '../../shared/resource';
import type { ResourceSet } from '../../shared/resource-set';
import { adminKindOf } from '../../field-kinds/admin';

/** The declared field a column shows: a field, or for `user.email` the target's `email`. */
export function columnFieldDef(def: ResourceDef, source: string, resources: ResourceSet): FieldDef | undefined {
  const [field, sub] = source.split('.');
  const own = def.fields[field];
  if (!own || sub === undefined) return own;
  return resources.find(own.ref ?? '')?.fields[sub];
}

/** The list cell of one declared column: the cell of its field's kind. */
export function columnField(
  def: ResourceDef,
  col: ColumnDef,
  translate: TranslateFunction,
  locale: string,
  resources: ResourceSet,
): ReactElement {
  const field = columnFieldDef(def, col.source, resources) ?? { type: 'string' };
  const label = translate(col.label ?? fieldLabel(def.name, col.source, def.fields[col.source.split('.')[0]]), { _: col.source });
  const Cell = adminKindOf(field).Cell;
  return (
    <Cell key={col.source} source={col.source} label={label} sortable={def.sortable.includes(col.source)} locale={locale} def={field} />
  );
}
