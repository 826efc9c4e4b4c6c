import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogTitle, LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { CreateBase, EditBase, useEditContext, useNotify, useRefresh, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { confirmDiscard } from './confirmDiscard';
import { GenericForm } from './GenericForm';
import { toBody } from './formValues';
import { crudErrorMessage, crudSuccessMessage } from './crudMessages';
import { errorBody } from '../api/ApiError';
import { moduleOf, useAdminResources } from '../resources/AdminResources';
import { RecordHistory } from '../../../features/audit/admin/RecordHistory';
import { focusFirstField } from './focusFirstField';
import { useAbilities } from './useAbilities';
import type { FieldAccess } from './fieldAccess';
import { useEditConflict } from '../conflict/useEditConflict';
import { VersionHistory } from '../versions/VersionHistory';
import { PresenceLine } from '../presence/PresenceLine';

export type DialogTarget = { mode: 'create' } | { mode: 'edit'; id: Identifier };

interface FormProps {
  def: ResourceDef;
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function EditLoading({ def, onClose, onDirtyChange }: FormProps) {
  const { isPending } = useEditContext();
  return isPending ? <LinearProgress /> : <GenericForm def={def} creating={false} onCancel={onClose} onDirtyChange={onDirtyChange} />;
}

/**
 * Closing the form, asked first when something was typed: `askToClose`
 * closes at once while the form is untouched (`onDirtyChange` keeps track).
 */
function useDiscardGuard(onClose: () => void) {
  const translate = useTranslate();
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const askToClose = () => {
    if (!dirty.current || confirmDiscard(translate)) onClose();
  };
  return { askToClose, onDirtyChange };
}

/** What a save's variables carry (react-admin's update): the body sent and the record the form opened. */
interface SaveVariables {
  data?: Record<string, unknown>;
  previousData?: RaRecord;
}

/**
 * How the form saves: the body it sends (only fields the user may write);
 * after a save a toast, the list refreshed and the dialog closed; after a
 * refusal a toast, or the conflict dialog when someone changed the record
 * since it was opened (412). "Reload" there mounts the edit form afresh
 * (`formKey`), so it loads the record as it is now.
 */
function useFormSave(def: ResourceDef, target: DialogTarget, access: FieldAccess, onClose: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const creating = target.mode === 'create';
  const action = creating ? 'create' : 'update';
  const [formKey, setFormKey] = useState(0);
  const onSuccess = () => {
    notify(crudSuccessMessage(translate, def.name, action), { type: 'success' });
    refresh();
    onClose();
  };
  const reloadForm = () => {
    // The record as it is now, not the copy the form opened with: dropped, then loaded by the fresh form.
    queryClient.removeQueries({ queryKey: [def.name, 'getOne'] });
    setFormKey((k) => k + 1);
  };
  const edit = useEditConflict(def, target.mode === 'edit' ? target.id : undefined, access, {
    saved: onSuccess,
    reload: () => {
      reloadForm();
      notify('app.conflict.reloaded', { type: 'info' });
    },
  });
  const onError = (e: unknown, variables?: SaveVariables) => {
    if (!creating && edit.onStale(e, variables?.data ?? {}, variables?.previousData)) return;
    // Field errors appear next to their inputs; a toast still says why.
    const fields = errorBody(e).errors;
    if (!fields || Object.keys(fields).length === 0 || errorBody(e).error) {
      notify(crudErrorMessage(translate, def.name, action, e), { type: 'error' });
    }
  };
  const transform = (data: Record<string, unknown>) => toBody(def, data, creating, access);
  return { conflict: edit.dialog, formKey, reloadForm, transform, mutationOptions: { onSuccess, onError } };
}

/**
 * Add/edit modal: 'Post X' / 'Edit X', closes after a successful save.
 * Cancel, Escape or a click beside it ask first when something was typed.
 */
export function FormDialog({ def, target, onClose }: { def: ResourceDef; target: DialogTarget; onClose: () => void }) {
  const translate = useTranslate();
  // A phone gets the whole screen, the action bar inside it.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { askToClose, onDirtyChange } = useDiscardGuard(onClose);
  const creating = target.mode === 'create';
  const { access } = useAbilities(def);
  const { conflict, formKey, reloadForm, transform, mutationOptions } = useFormSave(def, target, access, onClose);
  const EditPanel = moduleOf(useAdminResources().modules, def.name).editPanel;
  const singular = translate(`resources.${def.name}.name`, { smart_count: 1, _: def.name });
  const title = translate(creating ? 'app.form.post_title' : 'app.form.edit_title', { name: singular });
  return (
    <Dialog
      open
      onClose={askToClose}
      fullWidth
      fullScreen={small}
      maxWidth="sm"
      aria-labelledby="form-dialog-title"
      slotProps={{ transition: { onEntered: focusFirstField } }}
    >
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      {target.mode === 'edit' && <PresenceLine def={def} id={target.id} />}
      {creating ? (
        <CreateBase resource={def.name} redirect={false} mutationOptions={mutationOptions} transform={transform}>
          <GenericForm def={def} creating onCancel={askToClose} onDirtyChange={onDirtyChange} />
        </CreateBase>
      ) : (
        <EditBase
          key={formKey}
          resource={def.name}
          id={target.id}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={mutationOptions}
          transform={transform}
          queryOptions={{ gcTime: 0 }}
        >
          <EditLoading def={def} onClose={askToClose} onDirtyChange={onDirtyChange} />
        </EditBase>
      )}
      {target.mode === 'edit' && EditPanel && <EditPanel id={target.id} />}
      {target.mode === 'edit' && def.history !== false && <VersionHistory def={def} id={target.id} onRestored={reloadForm} />}
      {target.mode === 'edit' && <RecordHistory resource={def.name} id={target.id} />}
      {conflict}
    </Dialog>
  );
}
