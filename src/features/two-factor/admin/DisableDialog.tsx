import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { disableTwoFactor } from './twoFactorApi';

/** Turning two-factor sign-in off: the password and a current code. */
export function DisableDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.two_factor.${k}`);
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const digits = code.replace(/\s/g, '');
    const next: Record<string, string> = {};
    if (!password) next.password = translate('app.validation.required', { label: t('password') });
    if (!/^\d{6}$/.test(digits)) next.code = t('code_invalid');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await disableTwoFactor(password, digits);
      notify('app.two_factor.disabled', { type: 'success' });
      setPassword('');
      setCode('');
      onDone();
    } catch (e) {
      const b = errorBody(e);
      setErrors(b.errors ?? {});
      if (!b.errors) notify(b.error ?? t('error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="two-factor-disable-title" fullWidth maxWidth="xs">
      <DialogTitle id="two-factor-disable-title">{t('disable_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('disable_note')}</DialogContentText>
        <form
          id="two-factor-disable"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <TextField
            type="password"
            label={t('password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            error={Boolean(errors.password)}
            helperText={errors.password ?? ' '}
            fullWidth
            margin="dense"
          />
          <TextField
            label={t('code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
            error={Boolean(errors.code)}
            helperText={errors.code ?? ' '}
            fullWidth
            margin="dense"
          />
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="submit" form="two-factor-disable" color="error" variant="contained" disabled={busy}>
          {t('disable')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
