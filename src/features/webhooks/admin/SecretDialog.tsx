import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from 'react-admin';
import { useWebhooksT } from './useWebhooksT';

/** A new signing secret, shown this once, with a copy button: closing the dialog forgets it. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = useWebhooksT();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      notify('app.webhooks.copied', { type: 'success' });
    } catch {
      notify('app.webhooks.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby="webhook-secret-title" fullWidth maxWidth="sm">
      <DialogTitle id="webhook-secret-title">{t('secret_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('secret_note')}
        </Alert>
        <TextField
          label={t('secret')}
          value={secret ?? ''}
          fullWidth
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {t('copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
