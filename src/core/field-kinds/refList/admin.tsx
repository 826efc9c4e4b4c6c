import { AutocompleteArrayInput, ReferenceArrayInput, useRecordContext } from 'react-admin';
import { useAdminResources } from '../../admin/resources/AdminResources';
import type { AdminFieldKind, CellProps, InputProps } from '../admin/kind';
import { populatedLabel, refOptionText } from '../admin/refLabel';
import { idOf } from '../admin/values';

function RefListInput({ resource, name, def, label, validate, disabled }: InputProps) {
  const target = useAdminResources().resources.find(def.ref ?? '');
  return (
    <ReferenceArrayInput
      source={name}
      reference={def.ref ?? ''}
      perPage={resource.choicesLimit ?? 25}
      filter={resource.refFilter?.[name] ?? {}}
      sort={target?.defaultSort}
    >
      <AutocompleteArrayInput
        source={name}
        label={label}
        validate={validate}
        fullWidth
        helperText={false}
        optionText={refOptionText(target)}
        filterSelectedOptions
        disabled={disabled}
      />
    </ReferenceArrayInput>
  );
}

/** The linked records' labels, comma-joined. */
function RefListCell({ source, def }: CellProps) {
  const record = useRecordContext();
  const target = useAdminResources().resources.find(def.ref ?? '');
  const v = record?.[source];
  return <span>{Array.isArray(v) ? v.map((x) => populatedLabel(x, target)).join(', ') : ''}</span>;
}

export const refList: AdminFieldKind = {
  Input: RefListInput,
  Cell: RefListCell,
  toForm: (v) => (Array.isArray(v) ? v.map(idOf) : []),
  toBody: (v) => ({ keep: true, value: Array.isArray(v) ? v.map(idOf) : [] }),
};
