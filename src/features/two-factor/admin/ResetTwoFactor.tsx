import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { errorBody } from '../../../core/admin/api/ApiError';
import { resetUserTwoFactor } from './twoFactorApi';

/**
 * "Reset two-factor" on a user's edit screen (a lost phone): confirmed first;
 * the server applies the rank rule and says why when it refuses.
 */
export function ResetTwoFactor({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.two_factor.${k}`);
  const notify = useNotify();
  const [confirm, setConfirm] = useState(false);
  const reset = async () => {
    setConfirm(false);
    try {
      await resetUserTwoFactor(String(id));
      notify('app.two_factor.reset_done', { type: 'success' });
    } catch (e) {
      notify(errorBody(e).error ?? t('error'), { type: 'error' });
    }
  };
  return (
    <Box component="section" aria-labelledby="user-two-factor-title" sx={{ px: 2, pb: 2 }}>
      <Typography variant="subtitle1" component="h3" id="user-two-factor-title" sx={{ mb: 1 }}>
        {t('user_title')}
      </Typography>
      <Button size="small" variant="outlined" color="error" onClick={() => setConfirm(true)}>
        {t('reset')}
      </Button>
      <Confirm isOpen={confirm} title={t('reset_title')} content={t('reset_confirm')} onConfirm={reset} onClose={() => setConfirm(false)} />
    </Box>
  );
}
