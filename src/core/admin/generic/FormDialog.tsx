import { useCallback, useRef } from 'react';
import { Dialog, DialogTitle, LinearProgress, useMediaQuery, type Theme } from '@mui/material';
import { CreateBase, EditBase, useEditContext, useNotify, useRefresh, useTranslate, type Identifier } from 'react-admin';
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

/** After a save: a toast, the list refreshed and the dialog closed; after a refusal, a toast. */
function useSaveOptions(def: ResourceDef, action: 'create' | 'update', onClose: () => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  return {
    onSuccess: () => {
      notify(crudSuccessMessage(translate, def.name, action), { type: 'success' });
      refresh();
      onClose();
    },
    onError: (e: unknown) => {
      // Field errors appear next to their inputs; a toast still says why.
      const fields = errorBody(e).errors;
      if (!fields || Object.keys(fields).length === 0 || errorBody(e).error) {
        notify(crudErrorMessage(translate, def.name, action, e), { type: 'error' });
      }
    },
  };
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
  const mutationOptions = useSaveOptions(def, creating ? 'create' : 'update', onClose);
  const EditPanel = moduleOf(useAdminResources().modules, def.name).editPanel;
  const singular = translate(`resources.${def.name}.name`, { smart_count: 1, _: def.name });
  const title = translate(creating ? 'app.form.post_title' : 'app.form.edit_title', { name: singular });
  const { access } = useAbilities(def);
  const transform = (data: Record<string, unknown>) => toBody(def, data, creating, access);
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
      {creating ? (
        <CreateBase resource={def.name} redirect={false} mutationOptions={mutationOptions} transform={transform}>
          <GenericForm def={def} creating onCancel={askToClose} onDirtyChange={onDirtyChange} />
        </CreateBase>
      ) : (
        <EditBase
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
      {target.mode === 'edit' && <RecordHistory resource={def.name} id={target.id} />}
    </Dialog>
  );
}
