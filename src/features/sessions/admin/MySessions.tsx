import { useState } from 'react';
import { Alert, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLogout, useNotify, useTranslate } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { errorBody } from '../../../core/admin/api/ApiError';
import { SessionList } from './SessionList';
import { endMyOtherSessions, endMySession, loadMySessions, type SessionView } from './sessionsApi';

const KEY = ['app', 'my-sessions'];

/** "Where you're signed in" on the profile: each live session with a sign-out button. */
export function MySessions() {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.sessions.${k}`, o);
  const notify = useNotify();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const { data, isPending, error } = useQuery({ queryKey: KEY, queryFn: loadMySessions, retry: false });
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });

  const end = async (s: SessionView) => {
    setBusy(s._id);
    try {
      await endMySession(s._id);
      if (s.current) {
        await logout();
        return;
      }
      notify('app.sessions.ended', { type: 'success' });
      await refresh();
    } catch (e) {
      notify(errorBody(e).error ?? t('end_failed'), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const endOthers = async () => {
    setConfirmAll(false);
    try {
      const { ended } = await endMyOtherSessions();
      notify(t('ended_others', { smart_count: ended }), { type: 'success' });
      await refresh();
    } catch (e) {
      notify(errorBody(e).error ?? t('end_failed'), { type: 'error' });
    }
  };
  const others = (data ?? []).filter((s) => !s.current).length;
  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-labelledby="my-sessions-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" id="my-sessions-title">
            {t('title')}
          </Typography>
          <Button variant="outlined" color="error" disabled={others === 0} onClick={() => setConfirmAll(true)}>
            {t('sign_out_others')}
          </Button>
        </Stack>
        {isPending && <LinearProgress />}
        {error && <Alert severity="error">{errorBody(error).error ?? t('load_error')}</Alert>}
        {data && <SessionList sessions={data} onEnd={end} busy={busy} />}
        <Confirm
          isOpen={confirmAll}
          title={t('sign_out_others')}
          content={t('confirm_others', { smart_count: others })}
          onConfirm={endOthers}
          onClose={() => setConfirmAll(false)}
        />
      </CardContent>
    </Card>
  );
}
