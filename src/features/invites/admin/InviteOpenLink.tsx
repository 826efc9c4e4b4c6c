import { Link, Tooltip } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslate } from 'react-admin';
import type { InviteListRow } from './invitesApi';

/**
 * A row's invite link as a compact 'Open' anchor (the full address is long
 * and alike from row to row). Its accessible name must contain the text it
 * shows, so speech input can reach it by that word: the name is one
 * translated sentence that holds the visible word as a placeholder and says
 * whose invite it is, so a screen reader tells the rows' links apart. The
 * address is the tooltip, given as a description: as the name (MUI's
 * default for a text tooltip) it hid the visible word.
 */
export function InviteOpenLink({ invite }: { invite: InviteListRow }) {
  const translate = useTranslate();
  const open = translate('app.invites.open');
  const name = invite.email
    ? translate('app.invites.open_link_for', { open, email: invite.email })
    : translate('app.invites.open_link_any', { open });
  return (
    <Tooltip title={invite.link} describeChild>
      <Link
        href={invite.link}
        target="_blank"
        rel="noopener noreferrer"
        variant="body2"
        aria-label={name}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        {open}
        <OpenInNewIcon sx={{ fontSize: 14 }} />
      </Link>
    </Tooltip>
  );
}
