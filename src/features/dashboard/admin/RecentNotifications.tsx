import { Link as MuiLink, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DashboardAnswer } from '../contract';
import { DashCard } from './DashCard';
import { formatDateTime } from '../../../core/web/dates';

/** Links inside the admin go through the router; anything else is shown as text. */
const adminPath = (link: string | null) => (link && link.startsWith('/admin') ? link.slice('/admin'.length) || '/' : null);

/** The caller's latest notifications, unread ones in bold. */
export function RecentNotifications({ notifications }: { notifications: DashboardAnswer['notifications'] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <DashCard title={translate('app.dashboard.notifications')} minHeight={150} testId="dashboard-notifications">
      {notifications.recent.length === 0 ? (
        <Typography color="text.secondary">{translate('app.dashboard.no_notifications')}</Typography>
      ) : (
        <List dense disablePadding>
          {notifications.recent.map((n) => {
            const to = adminPath(n.link);
            const title = to ? (
              <MuiLink component={Link} to={to}>
                {n.title}
              </MuiLink>
            ) : (
              n.title
            );
            return (
              <ListItem key={n._id} disableGutters>
                <ListItemText
                  primary={title}
                  secondary={formatDateTime(n.createdAt, locale)}
                  slotProps={{ primary: { sx: { fontWeight: n.readAt ? 400 : 600 } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </DashCard>
  );
}
