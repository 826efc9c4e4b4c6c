import { DateField, DateInput, useTranslate } from 'react-admin';
import type { AdminFieldKind, CellProps, FilterInputProps } from './kind';
import { FILTER_INPUT } from './filterStyle';
import { textBody } from './values';

/** "Joined Date (long date-time)". */
const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

function DateCell({ source, label, sortable, locale }: CellProps) {
  return <DateField source={source} label={label} sortable={sortable} showTime locales={locale} options={LONG_DATE_TIME} />;
}

/** A range of whole days: `{field}_gte` and `{field}_lte`, the parameters the shared kind declares. */
function DateRangeFilter({ source, label }: FilterInputProps) {
  const translate = useTranslate();
  return (
    <>
      <DateInput source={`${source}_gte`} label={translate('app.filters.from', { name: label })} {...FILTER_INPUT} />
      <DateInput source={`${source}_lte`} label={translate('app.filters.to', { name: label })} {...FILTER_INPUT} />
    </>
  );
}

/** Set by the server: shown in lists, never in forms. */
export const date: AdminFieldKind = {
  Cell: DateCell,
  FilterInput: DateRangeFilter,
  toBody: textBody,
};
