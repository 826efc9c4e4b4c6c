import { NumberField, NumberInput } from 'react-admin';
import type { AdminFieldKind, CellProps, InputProps } from '../admin/kind';
import { isBlank } from '../admin/values';

function NumberFormInput({ name, label, validate, defaultValue, disabled }: InputProps) {
  return (
    <NumberInput
      source={name}
      label={label}
      validate={validate}
      fullWidth
      helperText={false}
      defaultValue={defaultValue}
      disabled={disabled}
    />
  );
}

function NumberCell({ source, label, sortable, locale }: CellProps) {
  return <NumberField source={source} label={label} sortable={sortable} locales={locale} />;
}

export const number: AdminFieldKind = {
  Input: NumberFormInput,
  Cell: NumberCell,
  toBody: (v) => (isBlank(v) ? { keep: false } : { keep: true, value: Number(v) }),
};
