import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Typography, useMediaQuery, type Theme } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Title, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { CreateInviteForm } from './CreateInviteForm';
import { InviteLinkBox } from './InviteLinkBox';
import { InvitesPager } from './InvitesPager';
import { InvitesTable } from './InvitesTable';
import { InvitesCompactList } from './InvitesCompactList';
import { INVITES_API, listInvites, type Invite } from './invitesApi';
import { useMayCall } from '../../../core/admin/generic/useMayCall';
import { LoadingBar } from '../../../core/admin/generic/LoadingBar';

const KEY = ['app', 'invites'];

/** /admin/invites: create invitation links and decide on registrations. */
export function InvitesPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const checkAccess = useLogoutIfAccessDenied();
  const queryClient = useQueryClient();
  const may = useMayCall();
  // A phone gets one block per invite instead of the wide table.
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<Invite | null>(null);
  const t = (k: string) => translate(`app.invites.${k}`);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: [...KEY, page],
    queryFn: () => listInvites(page),
    placeholderData: keepPreviousData,
    // Registrations arrive while the screen is open; the list is cheap.
    staleTime: 0,
  });
  const loadFailed = error ? (errorBody(error).error ?? t('load_failed')) : null;
  useEffect(() => {
    if (!error) return;
    // A 401 ends the session like any other list would (authProvider.checkError).
    void checkAccess(error).then((loggedOut) => {
      if (!loggedOut && loadFailed) notify(loadFailed, { type: 'error' });
    });
  }, [error, loadFailed, checkAccess, notify]);
  // A delete can empty the last page: step back to one that exists (set while rendering, not in an effect).
  if (data && page > data.pages) setPage(data.pages);
  const reload = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const pager = data && (
    <InvitesPager
      page={data.page}
      pages={data.pages}
      total={data.total}
      busy={isFetching}
      onPage={setPage}
      onRefresh={() => void refetch()}
    />
  );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }} data-testid="list-title">
        {error ? t('title') : translate('app.list.title', { name: t('title'), total: data?.total ?? 0 })}
      </Typography>
      {may('POST', INVITES_API) && (
        <Card variant="outlined" sx={{ mb: 2 }}>
          <CardContent>
            <Typography variant="subtitle1" sx={{ mb: 1.5 }}>
              {t('create_title')}
            </Typography>
            <CreateInviteForm
              onCreated={(invite) => {
                setCreated(invite);
                setPage(1);
                reload();
              }}
            />
            {created && <InviteLinkBox invite={created} />}
          </CardContent>
        </Card>
      )}
      <Card variant="outlined">
        <CardContent>
          {pager}
          <LoadingBar active={isFetching} />
          {loadFailed && (
            <Alert
              severity="error"
              sx={{ my: 1 }}
              data-testid="list-error"
              action={
                <Button color="inherit" size="small" disabled={isFetching} onClick={() => void refetch()}>
                  {translate('app.list.retry')}
                </Button>
              }
            >
              {loadFailed}
            </Alert>
          )}
          {data &&
            !error &&
            (small ? <InvitesCompactList rows={data.data} onChanged={reload} /> : <InvitesTable rows={data.data} onChanged={reload} />)}
          {/* Under the rows too, when there are rows: an empty list had its pager twice around 'No invites found.' */}
          {data && data.data.length > 0 && pager}
        </CardContent>
      </Card>
    </Box>
  );
}
