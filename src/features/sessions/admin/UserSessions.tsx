import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate, type Identifier } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { errorBody, errorStatus } from '../../../core/admin/api/ApiError';
import { SessionList } from './SessionList';
import { endUserSessions, loadUserSessions } from './sessionsApi';

/**
 * A user's live sessions on their edit screen, with "Sign out everywhere".
 * Shown to whoever may read them: the API refuses others (no permission, or
 * the rank rule) and the panel then stays away.
 */
export function UserSessions({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.sessions.${k}`, o);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const key = ['app', 'user-sessions', String(id)];
  const { data, isPending, error } = useQuery({ queryKey: key, queryFn: () => loadUserSessions(String(id)), retry: false });
  const status = errorStatus(error);
  if (error && (status === 403 || status === 401)) return null;
  const endAll = async () => {
    setConfirm(false);
    try {
      const { ended } = await endUserSessions(String(id));
      notify(t('ended_user', { smart_count: ended }), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (e) {
      notify(errorBody(e).error ?? t('end_failed'), { type: 'error' });
    }
  };
  return (
    <Box component="section" aria-labelledby="user-sessions-title" sx={{ px: 2, pt: 2, pb: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" id="user-sessions-title">
          {t('user_title')}
        </Typography>
        <Button size="small" variant="outlined" color="error" disabled={!data?.length} onClick={() => setConfirm(true)}>
          {t('sign_out_everywhere')}
        </Button>
      </Stack>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{errorBody(error).error ?? t('load_error')}</Alert>}
      {data && <SessionList sessions={data} />}
      <Confirm
        isOpen={confirm}
        title={t('sign_out_everywhere')}
        content={t('confirm_user', { smart_count: data?.length ?? 0 })}
        onConfirm={endAll}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}
