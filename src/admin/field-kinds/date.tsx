import { DateField } from 'react-admin';
import type { AdminFieldKind, CellProps } from './kind';
import { textBody } from './values';

/** "Joined Date (long date-time)". */
const LONG_DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };

function DateCell({ source, label, sortable, locale }: CellProps) {
  return <DateField source={source} label={label} sortable={sortable} showTime locales={locale} options={LONG_DATE_TIME} />;
}

/** Set by the server: shown in lists, never in forms. */
export const date: AdminFieldKind = {
  Cell: DateCell,
  toBody: textBody,
};
