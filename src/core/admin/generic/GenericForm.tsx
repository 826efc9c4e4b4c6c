import { Button } from '@mui/material';
import { SimpleForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { SaveButton } from './SaveButton';
import type { ResourceDef } from '../../shared/resource';
import { FieldInput } from './FieldInput';
import { toFormRecord } from './formValues';
import { ReportDirty } from './ReportDirty';
import { isSelf, lockOutFields } from './selfRecord';
import { useAbilities } from './useAbilities';
import { formFieldsOf } from './formValues';

function FormToolbar({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    // Inside the dialog at every width: react-admin fixes its toolbar to the
    // window's bottom on phones, outside a full-screen dialog's scroll.
    <Toolbar
      sx={{
        justifyContent: 'flex-end',
        gap: 1,
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        '&.RaToolbar-mobileToolbar': { position: 'sticky', bottom: 0, left: 'auto', right: 'auto', width: 'auto' },
      }}
    >
      <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      <SaveButton />
    </Toolbar>
  );
}

/** The add/edit form generated from `form.fields` of a declaration. */
export function GenericForm({
  def,
  creating,
  onCancel,
  onDirtyChange,
}: {
  def: ResourceDef;
  creating: boolean;
  onCancel: () => void;
  /** Told whenever the form starts or stops differing from the record. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const record = useRecordContext();
  // One's own account: no fields that would lock oneself out (the server refuses them).
  const hidden = !creating && isSelf(def, record) ? lockOutFields(def) : [];
  // The user's access rules: fields they may not read are left out, those they may not write shown disabled.
  const { access } = useAbilities(def);
  return (
    <SimpleForm
      record={record ? toFormRecord(def, record) : undefined}
      toolbar={<FormToolbar onCancel={onCancel} />}
      mode="onSubmit"
      // The product's translated messages, not the browser's own.
      noValidate
      reValidateMode="onChange"
    >
      {formFieldsOf(def, access)
        .filter(({ name }) => !hidden.includes(name))
        .map(({ name, writable }) => (
          <FieldInput key={name} def={def} name={name} creating={creating} disabled={!writable} />
        ))}
      {onDirtyChange && <ReportDirty onChange={onDirtyChange} />}
    </SimpleForm>
  );
}
