import type { ReactNode } from 'react';
import { Box, List, ListItem, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { InviteListRow } from './invitesApi';
import { InviteRowActions } from './InviteRowActions';
import { InviteStatusChip } from './InviteStatusChip';
import { formatWhen } from './formatWhen';
import { InviteHistoryButton } from './InviteHistoryButton';
import { InviteOpenLink } from './InviteOpenLink';
import { useMayReadAudit } from '../../audit/admin/useMayReadAudit';

/** A caption and its value on one line, wrapping as a whole when the screen is narrow. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      <Typography component="span" variant="body2" color="text.secondary">
        {label}:
      </Typography>{' '}
      {children}
    </Typography>
  );
}

/**
 * The invites on a phone: one block per invite instead
 * of the eight-column table, which a 390 px screen squeezed to its first
 * column and the actions. Who it is for and its status first, then who
 * registered, when it was made and when it expires, the link and the
 * row's actions (the same buttons, confirmations and history as the table's).
 */
export function InvitesCompactList({ rows, onChanged }: { rows: InviteListRow[]; onChanged: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (k: string) => translate(`app.invites.${k}`);
  const history = useMayReadAudit();
  if (rows.length === 0) {
    return (
      <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
        {t('empty')}
      </Typography>
    );
  }
  return (
    <List disablePadding data-testid="compact-list">
      {rows.map((r) => (
        <ListItem key={r._id} divider disableGutters data-testid="invite-row" data-status={r.status} sx={{ display: 'block', py: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
            <Typography
              component="span"
              sx={{ flex: 1, minWidth: 0, fontWeight: 500, overflowWrap: 'anywhere', fontStyle: r.email ? undefined : 'italic' }}
            >
              {r.email ?? t('any')}
            </Typography>
            <InviteStatusChip status={r.status} />
          </Box>
          <Detail label={t('col.registrant')}>{r.registrant ? `${r.registrant.name} (${r.registrant.email})` : t('no_registrant')}</Detail>
          <Detail label={t('col.created')}>{formatWhen(r.createdAt, locale)}</Detail>
          <Detail label={t('col.expires')}>{formatWhen(r.expiresAt, locale)}</Detail>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <InviteOpenLink invite={r} />
            {/* The row's buttons wrap as one group (in Greek, Approve and Reject left History alone on a line). */}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
              <InviteRowActions invite={r} onChanged={onChanged} />
              {history && <InviteHistoryButton invite={r} />}
            </Box>
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
