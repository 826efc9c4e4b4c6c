import { useMemo, useState } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { elGR, enUS } from '@mui/x-date-pickers/locales';
import { el } from 'date-fns/locale/el';
import { enGB } from 'date-fns/locale/en-GB';
import { intlLocale } from '../../web/dates';
import { dateToDay, dayToDate } from './dayValue';

/** The calendar button sits on the typed line, below a long raised label rather than over its end. */
const CALENDAR_BUTTON_BELOW_LABEL = { '& .MuiInputAdornment-positionEnd': { mt: 1.5 } } as const;

export interface DayPickerProps {
  label: string;
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  /** A whole day, or '' while the field is empty or holds no whole day yet. */
  onChange(value: string): void;
  variant?: 'filled' | 'outlined' | 'standard';
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * A day typed or picked in the interface's language, not the browser's: a
 * native date input shows the browser's own format (mm/dd/yyyy in a Greek
 * interface on an English browser). Days are written day/month/year in both
 * languages, as the product's dates read (en-GB and el-GR, src/core/web/dates.ts).
 */
export default function DayPicker({ label, value, onChange, variant, size, sx }: DayPickerProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // The same locale as every date the product shows (en-GB or el-GR).
  const greek = intlLocale(locale) === 'el-GR';
  const localeText = useMemo(
    () => ({
      ...(greek ? elGR : enUS).components.MuiLocalizationProvider.defaultProps.localeText,
      // The pickers' own Greek placeholders are Latin letters (DD/MM/YYYY): the product's come from its translations.
      fieldDayPlaceholder: () => translate('app.day_input.day'),
      fieldMonthPlaceholder: () => translate('app.day_input.month'),
      fieldYearPlaceholder: () => translate('app.day_input.year'),
      // Spoken by screen readers: the parts' names (the Greek year read 'Χρόνος', time) and an empty part.
      day: translate('app.day_input.day_part'),
      month: translate('app.day_input.month_part'),
      year: translate('app.day_input.year_part'),
      empty: translate('app.day_input.empty'),
    }),
    [greek, translate],
  );
  // What the field shows, half-typed days included; the value only ever holds whole days ('' otherwise), so
  // a field showing '__/11/2026' filters nothing rather than by the day it held before.
  const [shown, setShown] = useState(() => dayToDate(value));
  const [sent, setSent] = useState(value);
  if (value !== sent) {
    // Changed from outside (the URL, 'Clear filters'): the field follows (React's "state from props" pattern).
    setSent(value);
    setShown(dayToDate(value));
  }
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={greek ? el : enGB} localeText={localeText}>
      <DatePicker
        label={label}
        value={shown}
        onChange={(date) => {
          setShown(date);
          const day = dateToDay(date) ?? '';
          if (day === sent) return;
          setSent(day);
          onChange(day);
        }}
        format="dd/MM/yyyy"
        slotProps={{
          // The label stays above the field, so the day/month/year placeholder always shows what to type.
          textField: {
            variant,
            size,
            sx: [CALENDAR_BUTTON_BELOW_LABEL, ...(Array.isArray(sx) ? sx : [sx])],
            slotProps: { inputLabel: { shrink: true } },
          },
          openPickerButton: { size: 'small' },
          openPickerIcon: { fontSize: 'small' },
          // The typed field has no room for a clear button: the calendar offers it, beside Today; a phone's
          // calendar (a dialog that stays open on a tap) also needs OK. Four buttons overflow a Greek phone.
          actionBar: ({ pickerVariant }) => ({
            actions: pickerVariant === 'desktop' ? ['clear', 'today'] : ['clear', 'today', 'accept'],
          }),
        }}
      />
    </LocalizationProvider>
  );
}
