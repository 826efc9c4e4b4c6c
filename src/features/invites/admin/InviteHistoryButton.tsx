import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogTitle, IconButton, Tooltip } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { useTranslate } from 'react-admin';
import { RecordHistory } from '../../audit/admin/RecordHistory';
import type { InviteListRow } from './invitesApi';

/**
 * An invite's History: the invites screen has no edit
 * dialog to hold the generic History section, so a row opens it in its own
 * dialog. Shown only to those who may read the audit log (the caller checks).
 */
export function InviteHistoryButton({ invite }: { invite: InviteListRow }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const who = invite.registrant?.email ?? invite.email ?? translate('app.invites.any');
  const label = translate('app.invites.history_of', { who });
  const titleId = `invite-history-${invite._id}`;
  return (
    <>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <HistoryIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </DialogTitle>
        {open && <RecordHistory resource="invites" id={invite._id} defaultOpen />}
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
