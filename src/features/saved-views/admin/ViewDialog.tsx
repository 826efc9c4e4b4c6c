import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { errorBody } from '../../../core/admin/api/ApiError';
import { useMayCall } from '../../../core/admin/generic/useMayCall';
import { focusFirstField } from '../../../core/admin/generic/focusFirstField';
import type { ResourceDef } from '../../../core/shared/resource';
import { SHARE_METHOD, SHARE_ROUTE, VIEW_NAME_MAX, type Sharing, type ViewParams } from '../contract';
import { changeView, removeView, saveView, type SavedView } from './viewsApi';

export type DialogMode = 'save' | 'edit' | 'delete';

interface Props {
  mode: DialogMode;
  def: ResourceDef;
  /** The view edited or deleted (null: a new one). */
  view: SavedView | null;
  /** The list as it is now: what a new view keeps. */
  params: ViewParams;
  onClose: () => void;
  onDone: (view: SavedView | null) => void;
}

/** "Delete view?": the view goes for everyone it was shared with. */
function DeleteView({ view, onClose, onDone }: { view: SavedView; onClose: () => void; onDone: () => void }) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await removeView(view._id);
      notify('app.views.deleted', { type: 'success', messageArgs: { name: view.name } });
      onDone();
    } catch {
      notify('app.views.failed', { type: 'error' });
      setBusy(false);
    }
  };
  return (
    <Confirm
      isOpen
      loading={busy}
      title="app.views.delete_title"
      translateOptions={{ name: view.name }}
      content="app.views.delete_text"
      confirm="ra.action.delete"
      onConfirm={remove}
      onClose={onClose}
    />
  );
}

/** The roles a view may be shared with, as checkboxes (read with the roles list the user may call). */
function RolePicker({ picked, onChange, error }: { picked: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  const toggle = (id: string) => onChange(picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id]);
  return (
    <FormControl component="fieldset" error={Boolean(error)} sx={{ mt: 1, ml: 4 }}>
      <FormLabel component="legend">{translate('app.views.roles')}</FormLabel>
      <FormGroup>
        {isPending && <FormHelperText>{translate('app.views.loading')}</FormHelperText>}
        {data.map((r) => (
          <FormControlLabel
            key={r.id}
            control={<Checkbox checked={picked.includes(String(r.id))} onChange={() => toggle(String(r.id))} />}
            label={String(r.name)}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}

/** "Save view" (a new view of the list as it is) and "Edit view" (name, sharing, pinned). */
function EditView({ mode, def, view, params, onClose, onDone }: Props) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.views.${k}`, o);
  const notify = useNotify();
  const may = useMayCall();
  const mayShare = may(SHARE_METHOD, SHARE_ROUTE);
  const mayPickRoles = mayShare && may('GET', '/api/auth/roles');
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState<Sharing>(view?.shared ?? 'private');
  const [roleIds, setRoleIds] = useState<string[]>(view?.roleIds ?? []);
  const [pinned, setPinned] = useState(view?.pinned ?? false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setFields({ name: t('name_required') });
      return;
    }
    if (shared === 'roles' && !roleIds.length) {
      setFields({ roleIds: t('roles_required') });
      return;
    }
    setBusy(true);
    setError(null);
    setFields({});
    const sharing = { shared, roleIds: shared === 'roles' ? roleIds : [], pinned };
    try {
      const saved =
        mode === 'edit' && view
          ? await changeView(view._id, { name: name.trim(), ...(mayShare || shared === 'private' ? sharing : { pinned }) })
          : await saveView({ resource: def.name, name: name.trim(), params, ...sharing });
      notify(`app.views.${mode === 'edit' ? 'updated' : 'saved'}`, { type: 'success', messageArgs: { name: saved.name } });
      onDone(saved);
    } catch (err) {
      const body = errorBody(err);
      setError(body.error ?? t('failed'));
      setFields(body.errors ?? {});
      setBusy(false);
    }
  };
  const sharings: Sharing[] = mayShare ? (mayPickRoles ? ['private', 'roles', 'everyone'] : ['private', 'everyone']) : [];
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="view-dialog-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onEntered: focusFirstField } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="view-dialog-title">{t(mode === 'edit' ? 'edit_title' : 'save_title')}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            fullWidth
            required
            margin="dense"
            label={t('name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(fields.name)}
            helperText={fields.name}
            slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX } }}
          />
          {sharings.length > 0 && (
            <FormControl component="fieldset" sx={{ mt: 2 }}>
              <FormLabel component="legend">{t('sharing')}</FormLabel>
              <RadioGroup value={shared} onChange={(e) => setShared(e.target.value as Sharing)}>
                {sharings.map((s) => (
                  <FormControlLabel key={s} value={s} control={<Radio />} label={t(`share_${s}`)} />
                ))}
              </RadioGroup>
              {shared === 'roles' && <RolePicker picked={roleIds} onChange={setRoleIds} error={fields.roleIds} />}
            </FormControl>
          )}
          <FormControlLabel
            sx={{ mt: 1, display: 'flex' }}
            control={<Checkbox checked={pinned} onChange={(e) => setPinned(e.target.checked)} />}
            label={t('pinned')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The views' dialogs, one chunk loaded when first needed. */
export default function ViewDialog(props: Props) {
  if (props.mode === 'delete')
    return props.view ? <DeleteView view={props.view} onClose={props.onClose} onDone={() => props.onDone(null)} /> : null;
  return <EditView {...props} />;
}
