import { Box, Button, Chip, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import ComputerIcon from '@mui/icons-material/Computer';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SessionView } from './sessionsApi';
import { formatDateTime } from '../../../core/web/dates';

const when = formatDateTime;
const isPhone = (s: SessionView) => /iOS|Android/i.test(s.os ?? '');

/** Sessions, one per line: browser and system, address, signed in and last seen; optionally a sign-out button each. */
export function SessionList({
  sessions,
  onEnd,
  busy,
}: {
  sessions: readonly SessionView[];
  onEnd?: (s: SessionView) => void;
  busy?: string | null;
}) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.sessions.${k}`, o);
  if (sessions.length === 0) return <Typography color="text.secondary">{t('none')}</Typography>;
  return (
    <List dense disablePadding aria-label={t('list_label')}>
      {sessions.map((s) => {
        const device = [s.browser ?? t('unknown_browser'), s.os ?? t('unknown_os')].join(' · ');
        return (
          <ListItem key={s._id} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="session-row">
            <ListItemIcon sx={{ minWidth: 36 }}>{isPhone(s) ? <SmartphoneIcon /> : <ComputerIcon />}</ListItemIcon>
            <ListItemText
              sx={{ flex: '1 1 220px', minWidth: 0 }}
              primary={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{device}</span>
                  {s.current && <Chip size="small" color="primary" label={t('this_device')} />}
                </Box>
              }
              secondary={[
                s.ip ? t('address', { ip: s.ip }) : null,
                t('signed_in_at', { when: when(s.createdAt, locale) }),
                t('last_seen', { when: when(s.lastSeenAt, locale) }),
              ]
                .filter(Boolean)
                .join(' · ')}
            />
            {onEnd && (
              <Button
                size="small"
                variant="outlined"
                color={s.current ? 'error' : 'primary'}
                disabled={busy === s._id}
                onClick={() => onEnd(s)}
                aria-label={`${t(s.current ? 'sign_out_here' : 'sign_out')}: ${device}`}
              >
                {t(s.current ? 'sign_out_here' : 'sign_out')}
              </Button>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
