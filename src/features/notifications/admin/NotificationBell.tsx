import { useState } from 'react';
import { Badge, Box, Button, IconButton, List, Popover, Tooltip, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  badgeText,
  markAllRead,
  markRead,
  POLL_MS,
  STALE_MS,
  unreadNotifications,
  type AppNotification,
  type NotificationPage,
} from './notificationsApi';
import { NotificationItem } from './NotificationItem';
import { useNotificationStream } from './useNotificationStream';

const KEY = ['app', 'notifications', 'unread'];

export function NotificationBell() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Pushed changes while the stream is live; the 15 s poll while it is not.
  const streaming = useNotificationStream((e) => {
    if (e.type === 'unread') queryClient.setQueryData<NotificationPage>(KEY, (old) => (old ? { ...old, unread: e.unread } : old));
    void queryClient.invalidateQueries({ queryKey: KEY });
  });
  const { data, isError } = useQuery({
    queryKey: KEY,
    queryFn: unreadNotifications,
    refetchInterval: streaming ? false : POLL_MS,
    staleTime: STALE_MS,
    retry: false,
  });
  const unread = data?.unread ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const read = (id: string) => markRead(id).finally(refresh);
  const open = (n: AppNotification) => {
    if (!n.link) return;
    setAnchor(null);
    void read(n._id);
    if (n.link.startsWith('/admin')) navigate(n.link.slice('/admin'.length) || '/');
    else window.location.assign(n.link);
  };
  const label = translate('app.notifications.title');
  // The badge's count is text inside the button: its name says it too (axe label-content-name-mismatch).
  const name = unread > 0 ? translate('app.notifications.title_unread', { unread: badgeText(unread) }) : label;
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" onClick={(e) => setAnchor(e.currentTarget)} aria-label={name}>
          <Badge badgeContent={unread > 0 ? badgeText(unread) : undefined} color="error" data-testid="bell-badge">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ width: 360, maxWidth: '100vw' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
            <Typography variant="subtitle1">{label}</Typography>
            <Button size="small" disabled={unread === 0} onClick={() => markAllRead().finally(refresh)}>
              {translate('app.notifications.mark_all')}
            </Button>
          </Box>
          {isError && (
            <Typography color="error" sx={{ px: 2, pb: 2 }}>
              {translate('app.notifications.failed')}
            </Typography>
          )}
          {!isError && (data?.data.length ?? 0) === 0 && (
            <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
              {translate('app.notifications.empty')}
            </Typography>
          )}
          <List dense disablePadding>
            {data?.data.map((n) => (
              <NotificationItem key={n._id} n={n} onRead={read} onOpen={open} />
            ))}
          </List>
        </Box>
      </Popover>
    </>
  );
}
