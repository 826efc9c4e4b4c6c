import { useState } from 'react';
import { Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { fieldValidators } from '../../../core/admin/generic/validators';

export type SecondFactor = { code: string } | { recoveryCode: string };

/** The code step of sign-in: six digits from the authenticator app, or one recovery code. */
export function TwoFactorStep({ busy, onSubmit, onBack }: { busy: boolean; onSubmit: (f: SecondFactor) => void; onBack: () => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.two_factor.${k}`);
  const [recovery, setRecovery] = useState(false);
  const sixDigits = (v: unknown) => (/^\d{6}$/.test(String(v ?? '').replace(/\s/g, '')) ? undefined : t('code_invalid'));
  return (
    <Box data-testid="two-factor-step">
      <Typography sx={{ mb: 2 }}>{t(recovery ? 'step_recovery_text' : 'step_text')}</Typography>
      <Form
        key={recovery ? 'recovery' : 'code'}
        onSubmit={(v: Record<string, unknown>) =>
          onSubmit(recovery ? { recoveryCode: String(v.recoveryCode ?? '').trim() } : { code: String(v.code ?? '').replace(/\s/g, '') })
        }
        mode="onSubmit"
        noValidate
      >
        {recovery ? (
          <TextInput
            source="recoveryCode"
            label={t('recovery_code')}
            autoComplete="off"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the step has one field; typing starts there
            autoFocus
            fullWidth
            validate={fieldValidators(translate, { type: 'string', required: true }, t('recovery_code'))}
          />
        ) : (
          <TextInput
            source="code"
            label={t('code')}
            autoComplete="one-time-code"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the step has one field; typing starts there
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
            validate={sixDigits}
          />
        )}
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
          {t('verify')}
        </Button>
      </Form>
      <Box sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <MuiLink component="button" type="button" onClick={() => setRecovery((r) => !r)}>
          {t(recovery ? 'use_app' : 'use_recovery')}
        </MuiLink>
        <MuiLink component="button" type="button" onClick={onBack}>
          {t('back')}
        </MuiLink>
      </Box>
    </Box>
  );
}
