import { SelectInput } from 'react-admin';
import type { FieldDef } from '../../shared/resource';
import type { AdminFieldKind, FilterInputProps, InputProps } from '../admin/kind';
import { TextCell } from '../admin/TextCell';
import { FILTER_INPUT } from '../admin/filterStyle';
import { idOf, isBlank } from '../admin/values';

const choicesOf = (def: FieldDef) => (def.options ?? []).map((o) => ({ id: o, name: o }));

function EnumInput({ name, def, label, validate, defaultValue, disabled }: InputProps) {
  return (
    <SelectInput
      source={name}
      label={label}
      validate={validate}
      fullWidth
      helperText={false}
      defaultValue={defaultValue}
      choices={choicesOf(def)}
      disabled={disabled}
    />
  );
}

function EnumFilter({ source, def, label, alwaysOn }: FilterInputProps) {
  return <SelectInput source={source} label={label} alwaysOn={alwaysOn} choices={choicesOf(def)} {...FILTER_INPUT} />;
}

export const enumKind: AdminFieldKind = {
  Input: EnumInput,
  Cell: TextCell,
  FilterInput: EnumFilter,
  toBody: (v) => (isBlank(v) ? { keep: false } : { keep: true, value: idOf(v) }),
};
