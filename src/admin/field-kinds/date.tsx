import { DateField, DateInput, useTranslate } from 'react-admin';
import type { AdminFieldKind, CellProps, FilterInputProps } from './kind';
import { FILTER_INPUT } from './filterStyle';
import { textBody } from './values';
import { DATE_TIME_OPTIONS, intlLocale } from '../../web/dates';

/** The product's one date-time format (src/web/dates.ts), as every other date on screen. */
function DateCell({ source, label, sortable, locale }: CellProps) {
  return <DateField source={source} label={label} sortable={sortable} showTime locales={intlLocale(locale)} options={DATE_TIME_OPTIONS} />;
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
