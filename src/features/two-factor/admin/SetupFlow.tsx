import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { RecoveryCodes } from './RecoveryCodes';
import { enableTwoFactor, startSetup, svgImageSource } from './twoFactorApi';

/**
 * Setting up two-factor sign-in: the QR code and the key for manual entry,
 * a code from the app, then the recovery codes (shown once).
 */
export function SetupFlow({ autoStart = false, onCancel, onDone }: { autoStart?: boolean; onCancel?: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.two_factor.${k}`);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = useMutation({ mutationFn: startSetup });
  const { mutate: start } = setup;
  // Started by a click elsewhere (the profile's "Set up"): fetch the secret at once.
  // Once: a second set-up would replace the secret the first answer shows (StrictMode runs effects twice).
  const started = useRef(false);
  useEffect(() => {
    if (autoStart && !started.current) {
      started.current = true;
      start();
    }
  }, [autoStart, start]);
  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (r) => setCodes(r.recoveryCodes),
    onError: (e) => setCodeError(errorBody(e).errors?.code ?? errorBody(e).error ?? t('error')),
  });
  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup.data && !setup.isPending && !setup.isError) {
    return (
      <Button variant="contained" onClick={() => start()} data-testid="two-factor-start">
        {t('set_up')}
      </Button>
    );
  }
  if (setup.isPending) return <LinearProgress />;
  if (setup.isError || !setup.data) return <Alert severity="error">{errorBody(setup.error).error ?? t('error')}</Alert>;
  const { qrSvg, secret } = setup.data;
  const submit = () => {
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setCodeError(t('code_invalid'));
    setCodeError(null);
    enable.mutate(digits);
  };
  return (
    <Box data-testid="two-factor-setup">
      <Typography sx={{ mb: 1 }}>{t('scan')}</Typography>
      <Box
        component="img"
        src={svgImageSource(qrSvg)}
        alt={t('qr_alt')}
        sx={{ width: 200, height: 200, maxWidth: '100%', bgcolor: '#fff', p: 1, borderRadius: 1, display: 'block' }}
      />
      <Typography sx={{ mt: 2 }}>{t('manual')}</Typography>
      <Box
        component="code"
        data-testid="two-factor-secret"
        sx={{
          display: 'block',
          fontSize: '1rem',
          letterSpacing: '0.1em',
          overflowWrap: 'anywhere',
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          my: 1,
        }}
      >
        {secret.replace(/(.{4})/g, '$1 ').trim()}
      </Box>
      <Typography sx={{ mt: 2, mb: 1 }}>{t('enter_code')}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={t('code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={Boolean(codeError)}
          helperText={codeError ?? ' '}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, name: 'code' } }}
          sx={{ maxWidth: 240 }}
          fullWidth
        />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={enable.isPending}>
            {t('turn_on')}
          </Button>
          {onCancel && (
            <Button variant="text" onClick={onCancel}>
              {t('cancel')}
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
