import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

/** The new token, shown this once, with a copy button: closing the dialog forgets it. */
export function NewTokenDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (k: string) => translate(`app.api_tokens.${k}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token ?? '');
      notify('app.api_tokens.copied', { type: 'success' });
    } catch {
      notify('app.api_tokens.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Dialog open={token !== null} onClose={onClose} aria-labelledby="new-token-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-token-title">{t('copy_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('copy_note')}
        </Alert>
        <TextField
          label={t('token_label')}
          value={token ?? ''}
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
