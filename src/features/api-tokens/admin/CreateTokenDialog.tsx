import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { TOKEN_NAME_MAX } from '../contract';
import { createMyToken, loadHeldPermissions, type NewToken } from './tokensApi';

/** The end of a chosen day in the viewer's time zone, as the API's instant. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();
const tomorrow = () => {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** "Create token": name, optional expiry, read-only, and a scope within the caller's own permissions. */
export function CreateTokenDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (token: string) => void;
}) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.api_tokens.${k}`);
  const [name, setName] = useState('');
  const [expires, setExpires] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const held = useQuery({ queryKey: ['app', 'token-permissions'], queryFn: loadHeldPermissions, enabled: open && scope === 'some' });
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (held.data ?? []).filter((p) => !q || `${p.method} ${p.route}`.toLowerCase().includes(q));
  }, [held.data, filter]);

  const reset = () => {
    setName('');
    setExpires('');
    setReadOnly(false);
    setScope('all');
    setPicked(new Set());
    setFilter('');
    setError(null);
    setFieldErrors({});
  };
  const close = () => {
    reset();
    onClose();
  };
  const toggle = (id: string) =>
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors: Record<string, string> = {};
    if (!name.trim()) errors.name = translate('ra.validation.required');
    if (scope === 'some' && picked.size === 0) errors.permissionIds = t('scope_none_picked');
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    const body: NewToken = {
      name: name.trim(),
      readOnly,
      expiresAt: expires ? endOfDay(expires) : null,
      permissionIds: scope === 'some' ? [...picked] : null,
    };
    setSaving(true);
    setError(null);
    try {
      const created = await createMyToken(body);
      reset();
      onCreated(created.token);
    } catch (err) {
      const b = errorBody(err);
      setError(b.error ?? t('create_failed'));
      setFieldErrors(b.errors ?? {});
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-token-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-token-title">{t('create_title')}</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label={t('name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required

            fullWidth
            margin="dense"
            error={Boolean(fieldErrors.name)}
            helperText={fieldErrors.name ?? t('name_help')}
            slotProps={{ htmlInput: { maxLength: TOKEN_NAME_MAX } }}
          />
          <TextField
            label={t('expires')}
            type="date"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
            fullWidth
            margin="dense"
            error={Boolean(fieldErrors.expiresAt)}
            helperText={fieldErrors.expiresAt}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: tomorrow() } }}
          />
          <FormControlLabel
            control={<Checkbox checked={readOnly} onChange={(e) => setReadOnly(e.target.checked)} />}
            label={t('read_only')}
          />
          <FormControl component="fieldset" fullWidth sx={{ mt: 1 }} error={Boolean(fieldErrors.permissionIds)}>
            <FormLabel component="legend">{t('scope')}</FormLabel>
            <RadioGroup value={scope} onChange={(e) => setScope(e.target.value === 'some' ? 'some' : 'all')}>
              <FormControlLabel value="all" control={<Radio />} label={t('scope_all')} />
              <FormControlLabel value="some" control={<Radio />} label={t('scope_some')} />
            </RadioGroup>
            {fieldErrors.permissionIds && <FormHelperText>{fieldErrors.permissionIds}</FormHelperText>}
          </FormControl>
          {scope === 'some' && (
            <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
              <Box component="legend" sx={{ typography: 'body2', mb: 1 }}>
                {t('scope_pick')}
              </Box>
              <TextField
                label={translate('ra.action.search')}
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                size="small"
                fullWidth
                margin="dense"
                type="search"
              />
              {held.isPending && <LinearProgress />}
              <Box sx={{ maxHeight: 240, overflowY: 'auto', overflowX: 'hidden' }}>
                {shown.map((p) => (
                  <FormControlLabel
                    key={p._id}
                    sx={{ display: 'flex', mr: 0 }}
                    control={<Checkbox size="small" checked={picked.has(p._id)} onChange={() => toggle(p._id)} />}
                    label={
                      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' }}>
                        {`${p.method} ${p.route}`}
                      </Box>
                    }
                  />
                ))}
              </Box>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
