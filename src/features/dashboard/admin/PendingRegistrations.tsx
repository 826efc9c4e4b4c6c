import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DashboardAnswer } from '../contract';
import { DashCard } from './DashCard';

/** Registrations waiting for an admin, with the way to them (only for those who may list invites). */
export function PendingRegistrations({ pending }: { pending: NonNullable<DashboardAnswer['pendingRegistrations']> }) {
  const translate = useTranslate();
  return (
    <DashCard title={translate('app.dashboard.pending')} minHeight={150} testId="dashboard-pending">
      <Typography variant="h4" component="p" sx={{ mb: 1 }}>
        {pending.total}
      </Typography>
      <Button component={Link} to={pending.path} variant="outlined" size="small">
        {translate('app.dashboard.review')}
      </Button>
    </DashCard>
  );
}
