import { NumberField, NumberInput } from 'react-admin';
import type { AdminFieldKind, CellProps, InputProps } from './kind';
import { isBlank } from './values';

function NumberFormInput({ name, label, validate, defaultValue }: InputProps) {
  return <NumberInput source={name} label={label} validate={validate} fullWidth helperText={false} defaultValue={defaultValue} />;
}

function NumberCell({ source, label, sortable, locale }: CellProps) {
  return <NumberField source={source} label={label} sortable={sortable} locales={locale} />;
}

export const number: AdminFieldKind = {
  Input: NumberFormInput,
  Cell: NumberCell,
  validators: (t, def, label) => [
    (value: unknown) => {
      if (isBlank(value)) return undefined;
      const n = Number(value);
      if (!Number.isFinite(n)) return t('app.validation.number', { label });
      if (def.min !== undefined && n < def.min) return t('app.validation.min_value', { label, min: def.min });
      if (def.max !== undefined && n > def.max) return t('app.validation.max_value', { label, max: def.max });
      return undefined;
    },
  ],
  toBody: (v) => (isBlank(v) ? { keep: false } : { keep: true, value: Number(v) }),
};
