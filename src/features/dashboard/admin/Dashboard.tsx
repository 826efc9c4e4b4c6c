import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { CountTiles } from './CountTiles';
import { NewUsersChart } from './NewUsersChart';
import { PendingRegistrations } from './PendingRegistrations';
import { RecentNotifications } from './RecentNotifications';
import { useDashboard } from './dashboardApi';

/**
 * The /admin landing: counts of what the user may read, registrations
 * waiting for approval, their latest notifications and new users per day.
 * One request (`GET /api/auth/dashboard`) answers only what the user may
 * read, so each panel shows up only for those who may open its source.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { data, error, refetch, isFetching } = useDashboard();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate('ra.page.dashboard')} />
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
              {translate('app.dashboard.retry')}
            </Button>
          }
        >
          {translate('app.dashboard.failed')}
        </Alert>
      ) : (
        <>
          <CountTiles counts={data?.counts} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2, mt: 2 }}>
            {!data ? (
              <>
                <Skeleton variant="rounded" height={270} />
                <Skeleton variant="rounded" height={270} />
              </>
            ) : (
              <>
                {data.newUsers && <NewUsersChart days={data.newUsers} />}
                <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
                  {data.pendingRegistrations && <PendingRegistrations pending={data.pendingRegistrations} />}
                  <RecentNotifications notifications={data.notifications} />
                </Box>
              </>
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
