import type { ReactElement } from 'react';
import { BooleanField, DateField, EmailField, NumberField, TextField, type TranslateFunction } from 'react-admin';
import type { ColumnDef, ResourceDef } from '../../shared/resource';
import { fieldLabel } from '../../shared/resource';
import { ImageCell } from './ImageCell';
import { TagsCell } from './TagsCell';

/** "Joined Date (long date-time)". */
const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

/** The list cell of one declared column, chosen by its `render`. */
export function columnField(def: ResourceDef, col: ColumnDef, translate: TranslateFunction, locale: string): ReactElement {
  const field = def.fields[col.source.split('.')[0]];
  const label = translate(col.label ?? fieldLabel(def.name, col.source, field), { _: col.source });
  const key = col.source;
  const props = {
    source: col.source,
    label,
    sortable: def.sortable.includes(col.source),
  };
  switch (col.render) {
    case 'datetime':
      return <DateField key={key} {...props} showTime locales={locale} options={LONG_DATE_TIME} />;
    case 'date':
      return <DateField key={key} {...props} locales={locale} />;
    case 'boolean':
      return <BooleanField key={key} {...props} />;
    case 'email':
      return <EmailField key={key} {...props} />;
    case 'number':
      return <NumberField key={key} {...props} locales={locale} />;
    case 'image':
      return <ImageCell key={key} {...props} />;
    case 'tags':
      return <TagsCell key={key} {...props} />;
    default:
      return <TextField key={key} {...props} />;
  }
}
