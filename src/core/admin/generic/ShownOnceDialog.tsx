import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify } from 'react-admin';

/** What a shown-once dialog says, in the reader's language: the feature's own words. */
export interface ShownOnceTexts {
  title: string;
  note: string;
  label: string;
  copy: string;
  done: string;
  /** Translation keys of the toasts. */
  copied: string;
  copyFailed: string;
}

/**
 * A secret the server shows this once (an API token, a webhook's signing
 * secret), read-only and selected on focus, with a copy button: closing the
 * dialog forgets it. Open while `value` is not null.
 */
export function ShownOnceDialog({
  value,
  onClose,
  titleId,
  texts,
}: {
  value: string | null;
  onClose: () => void;
  titleId: string;
  texts: ShownOnceTexts;
}) {
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value ?? '');
      notify(texts.copied, { type: 'success' });
    } catch {
      notify(texts.copyFailed, { type: 'warning' });
    }
  };
  return (
    <Dialog open={value !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {texts.note}
        </Alert>
        <TextField
          label={texts.label}
          value={value ?? ''}
          fullWidth
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {texts.copy}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
