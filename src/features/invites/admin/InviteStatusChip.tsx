import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InviteStatus } from './invitesApi';

/** A colour per state, so submitted invites (awaiting an admin) stand out. */
const COLOR: Record<InviteStatus, ChipProps['color']> = {
  'not used': 'info',
  submitted: 'warning',
  consumed: 'success',
  expired: 'default',
  rejected: 'error',
};

export function InviteStatusChip({ status }: { status: InviteStatus }) {
  const translate = useTranslate();
  const key = status.replace(/\s+/g, '_');
  return (
    <Chip
      size="small"
      color={COLOR[status] ?? 'default'}
      variant={status === 'submitted' ? 'filled' : 'outlined'}
      label={translate(`app.invites.status.${key}`, { _: status })}
    />
  );
}
