import { IconButton, ListItem, ListItemText, Tooltip } from '@mui/material';
import DoneIcon from '@mui/icons-material/Done';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../core/web/dates';
import type { AppNotification } from './notificationsApi';

export function NotificationItem({
  n,
  onRead,
  onOpen,
}: {
  n: AppNotification;
  onRead: (id: string) => void;
  onOpen: (n: AppNotification) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <ListItem
      divider
      secondaryAction={
        <Tooltip title={translate('app.notifications.mark_read')}>
          <IconButton edge="end" size="small" onClick={() => onRead(n._id)} aria-label={translate('app.notifications.mark_read')}>
            <DoneIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      }
      sx={{ cursor: n.link ? 'pointer' : 'default', pr: 6 }}
      onClick={() => onOpen(n)}
    >
      <ListItemText
        primary={n.title}
        secondary={[n.body, formatDateTime(n.createdAt, locale)].filter(Boolean).join(' · ')}
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 600 } }, secondary: { variant: 'caption' } }}
      />
    </ListItem>
  );
}
