import { useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { errorBody } from '../../../core/admin/api/ApiError';
import type { EndpointBody, EndpointView } from './webhooksApi';
import { useWebhooksT } from './useWebhooksT';

interface Props {
  open: boolean;
  /** The endpoint being edited; none: a new one. */
  endpoint?: EndpointView;
  onClose: () => void;
  onSave: (body: EndpointBody) => Promise<void>;
}

/** Adds or edits an endpoint: URL, description, event types (comma-separated, or `*`), record included or not. */
export function EndpointForm({ open, endpoint, onClose, onSave }: Props) {
  const t = useWebhooksT();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState((endpoint?.events ?? ['*']).join(', '));
  const [includeRecord, setIncludeRecord] = useState(endpoint?.includeRecord ?? false);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const list = events
        .split(/[\s,]+/)
        .map((e) => e.trim())
        .filter(Boolean);
      await onSave({ url, description: description || null, events: [...new Set(list)], includeRecord, enabled });
    } catch (e) {
      const body = errorBody(e);
      setErrors(body.errors ?? { url: body.error ?? t('save_failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="webhook-form-title" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-form-title">{endpoint ? t('edit') : t('add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('url')}
            value={url}
            required
            onChange={(e) => setUrl(e.target.value)}
            error={Boolean(errors.url)}
            helperText={errors.url ?? t('url_help')}
            slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false } }}
          />
          <TextField label={t('description')} value={description} onChange={(e) => setDescription(e.target.value)} />
          <TextField
            label={t('events')}
            value={events}
            required
            onChange={(e) => setEvents(e.target.value)}
            error={Boolean(errors.events)}
            helperText={errors.events ?? t('events_help')}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <FormControlLabel
            control={<Checkbox checked={includeRecord} onChange={(e) => setIncludeRecord(e.target.checked)} />}
            label={t('include_record')}
          />
          <FormControlLabel control={<Checkbox checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('enabled')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy || !url.trim()}>
          {t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
