import { BooleanField, BooleanInput, NullableBooleanInput } from 'react-admin';
import { FILTER_INPUT } from '../admin/filterStyle';
import type { AdminFieldKind, CellProps, FilterInputProps, InputProps } from '../admin/kind';

function BooleanFormInput({ name, label, defaultValue, disabled }: InputProps) {
  return <BooleanInput source={name} label={label} defaultValue={defaultValue ?? false} helperText={false} disabled={disabled} />;
}

/** A tick or a cross. */
function BooleanCell({ source, label, sortable }: CellProps) {
  return <BooleanField source={source} label={label} sortable={sortable} />;
}

/** Any / yes / no. */
function BooleanFilter({ source, label, alwaysOn }: FilterInputProps) {
  return <NullableBooleanInput source={source} label={label} alwaysOn={alwaysOn} {...FILTER_INPUT} />;
}

export const boolean: AdminFieldKind = {
  Input: BooleanFormInput,
  Cell: BooleanCell,
  FilterInput: BooleanFilter,
  toBody: (v) => ({ keep: true, value: v === true }),
};
