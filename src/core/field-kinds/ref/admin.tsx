import { AutocompleteInput, ReferenceInput, SelectInput, useRecordContext } from 'react-admin';
import { useAdminResources } from '../../admin/resources/AdminResources';
import type { AdminFieldKind, CellProps, FilterInputProps, InputProps } from '../admin/kind';
import { FILTER_INPUT } from '../admin/filterStyle';
import { populatedLabel, refOptionText } from '../admin/refLabel';
import { idOf, isBlank } from '../admin/values';

function RefInput({ resource, name, def, label, validate, disabled }: InputProps) {
  const target = useAdminResources().resources.find(def.ref ?? '');
  return (
    <ReferenceInput
      source={name}
      reference={def.ref ?? ''}
      perPage={resource.choicesLimit ?? 25}
      filter={resource.refFilter?.[name] ?? {}}
      sort={target?.defaultSort}
    >
      <SelectInput
        source={name}
        label={label}
        validate={validate}
        fullWidth
        helperText={false}
        optionText={refOptionText(target)}
        disabled={disabled}
      />
    </ReferenceInput>
  );
}

/** The populated record's label (lists populate refs as `{_id, ...populate}`). */
function RefCell({ source, def }: CellProps) {
  const record = useRecordContext();
  const target = useAdminResources().resources.find(def.ref ?? '');
  return <span>{populatedLabel(record?.[source], target)}</span>;
}

function RefFilter({ resource, source, def, label, alwaysOn }: FilterInputProps) {
  const target = useAdminResources().resources.find(def.ref ?? '');
  return (
    <ReferenceInput source={source} reference={def.ref ?? ''} perPage={resource.choicesLimit ?? 25} alwaysOn={alwaysOn}>
      <AutocompleteInput label={label} optionText={refOptionText(target)} {...FILTER_INPUT} sx={{ width: 220, m: 0 }} />
    </ReferenceInput>
  );
}

export const ref: AdminFieldKind = {
  Input: RefInput,
  Cell: RefCell,
  FilterInput: RefFilter,
  // Lists populate refs as objects; the form edits ids.
  toForm: (v) => idOf(v) ?? null,
  toBody: (v) => (isBlank(v) ? { keep: false } : { keep: true, value: idOf(v) }),
};
