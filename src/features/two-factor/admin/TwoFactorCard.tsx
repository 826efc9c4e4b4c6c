import { useState } from 'react';
import { Alert, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { DisableDialog } from './DisableDialog';
import { SetupFlow } from './SetupFlow';
import { loadTwoFactor } from './twoFactorApi';

export const TWO_FACTOR_KEY = ['app', 'two-factor'];

/** "Two-factor sign-in" on the profile: set it up (QR code, key, code, recovery codes) or turn it off. */
export function TwoFactorCard() {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.two_factor.${k}`, o);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const { data, isPending, error } = useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: loadTwoFactor, retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="two-factor-title" data-testid="two-factor-card">
      <CardContent>
        <Typography variant="h6" component="h2" id="two-factor-title" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        {isPending && <LinearProgress />}
        {error && <Alert severity="error">{errorBody(error).error ?? t('load_error')}</Alert>}
        {data && !settingUp && (
          <>
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('intro')}
            </Typography>
            <Alert severity={data.enabled ? 'success' : 'info'} sx={{ mb: 2 }}>
              {t(data.enabled ? 'status_on' : 'status_off')}
              {data.enabled && ` ${t('codes_left', { smart_count: data.recoveryCodesLeft })}`}
            </Alert>
            {data.enabled ? (
              !data.required && (
                <Button variant="outlined" color="error" onClick={() => setDisabling(true)}>
                  {t('disable')}
                </Button>
              )
            ) : (
              <Button variant="contained" onClick={() => setSettingUp(true)}>
                {t('set_up')}
              </Button>
            )}
          </>
        )}
        {settingUp && (
          <Stack sx={{ gap: 1 }}>
            <SetupFlow
              autoStart
              onCancel={() => setSettingUp(false)}
              onDone={() => {
                setSettingUp(false);
                notify('app.two_factor.enabled', { type: 'success' });
                void refresh();
              }}
            />
          </Stack>
        )}
        <DisableDialog
          open={disabling}
          onClose={() => setDisabling(false)}
          onDone={() => {
            setDisabling(false);
            void refresh();
          }}
        />
      </CardContent>
    </Card>
  );
}
