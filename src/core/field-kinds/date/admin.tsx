import { Typography } from '@mui/material';
import { useFieldValue, useInput, useTranslate } from 'react-admin';
import type { AdminFieldKind, CellProps, FilterInputProps } from '../admin/kind';
import { FILTER_INPUT } from '../admin/filterStyle';
import { textBody } from '../admin/values';
import { formatDateTime } from '../../web/dates';
import { DayInput } from '../../admin/dates/DayInput';

/**
 * The product's one date-time format, as every other date on screen, through its formatter kept per language:
 * react-admin's DateField builds an Intl formatter for every cell it draws, most of a date column's cost.
 */
function DateCell({ source, locale }: CellProps) {
  const value: unknown = useFieldValue({ source });
  const text = typeof value === 'string' || typeof value === 'number' ? formatDateTime(value, locale) : '';
  return text ? (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  ) : null;
}

/** One end of the range: a filter value of react-admin's filter form, edited as a day of the interface's format. */
function DayFilter({ source, label }: { source: string; label: string }) {
  const { field } = useInput({ source });
  return (
    <DayInput
      label={label}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(day) => field.onChange(day)}
      variant={FILTER_INPUT.variant}
      size={FILTER_INPUT.size}
      // On a phone the two ends share a row: the filter panel's width, half each.
      sx={{ ...FILTER_INPUT.sx, width: { xs: 'calc(50% - 4px)', sm: FILTER_INPUT.sx.width } }}
    />
  );
}

/** A range of whole days: `{field}_gte` and `{field}_lte`, the parameters the shared kind declares. */
function DateRangeFilter({ source, label }: FilterInputProps) {
  const translate = useTranslate();
  return (
    <>
      <DayFilter source={`${source}_gte`} label={translate('app.filters.from', { name: label })} />
      <DayFilter source={`${source}_lte`} label={translate('app.filters.to', { name: label })} />
    </>
  );
}

/** Set by the server: shown in lists, never in forms. */
export const date: AdminFieldKind = {
  Cell: DateCell,
  FilterInput: DateRangeFilter,
  toBody: textBody,
};
