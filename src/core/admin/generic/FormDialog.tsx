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
 * Add/edit modal: 'Post X' / 'Edit X', closes after a successful save.
 * Cancel, Escape or a click beside it ask first when something was typed.
 */
export function FormDialog({ def, target, onClose }: { def: ResourceDef; target: DialogTarget; onClose: () => void }) {
  const translate = useTranslate();
  // A phone gets the whole screen, the action bar inside it.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  const askToClose = () => {
    if (!dirty.current || confirmDiscard(translate)) onClose();
  };
  const notify = useNotify();
  const refresh = useRefresh();
  const creating = target.mode === 'create';
  const EditPanel = moduleOf(useAdminResources().modules, def.name).editPanel;
  const singular = translate(`resources.${def.name}.name`, { smart_count: 1, _: def.name });
  const title = translate(creating ? 'app.form.post_title' : 'app.form.edit_title', { name: singular });
  const action = creating ? 'create' : 'update';
  const mutationOptions = {
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
  const transform = (data: Record<string, unknown>) => toBody(def, data, creating);
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
