import { useState } from 'react';
import { Box, Button, CircularProgress, IconButton, Tooltip } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { approveInvite, deleteInvite, INVITES_API, rejectInvite, type InviteListRow } from './invitesApi';
import { useMayCall } from '../../../core/admin/generic/useMayCall';
import { useCopyLink } from './useCopyLink';
import { useInviteAction } from './useInviteAction';

/**
 * Submitted invites get Approve and Reject, each confirmed first and
 * naming who registered; the others Copy and Delete. Each button only when
 * the user may make its call.
 */
export function InviteRowActions({ invite, onChanged }: { invite: InviteListRow; onChanged: () => void }) {
  const translate = useTranslate();
  const copy = useCopyLink();
  const may = useMayCall();
  const [asking, setAsking] = useState<'delete' | 'reject' | 'approve' | null>(null);
  const approve = useInviteAction(() => approveInvite(invite._id), 'app.invites.approved', 'app.invites.approve_failed', onChanged);
  const reject = useInviteAction(() => rejectInvite(invite._id), 'app.invites.rejected', 'app.invites.reject_failed', onChanged);
  const remove = useInviteAction(() => deleteInvite(invite._id), 'app.invites.deleted', 'app.invites.delete_failed', onChanged);
  const t = (k: string) => translate(`app.invites.${k}`);
  const busy = approve.busy || reject.busy || remove.busy;
  const spinner = <CircularProgress size={16} color="inherit" />;

  if (invite.status === 'submitted') {
    const who = {
      name: invite.registrant?.name ?? t('no_registrant'),
      email: invite.registrant?.email ?? invite.email ?? t('any'),
    };
    // Approve and Reject differ only in words, looks and call: one button and one confirmation each.
    const decisions = [
      { kind: 'approve', run: approve, variant: 'contained', color: 'success', icon: <CheckIcon />, confirmColor: 'primary' },
      { kind: 'reject', run: reject, variant: 'text', color: 'error', icon: <CloseIcon />, confirmColor: 'warning' },
    ] as const;
    return (
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }}>
        {decisions.map(
          (d) =>
            may('POST', `${INVITES_API}/:id/${d.kind}`) && (
              <Button
                key={d.kind}
                size="small"
                variant={d.variant}
                color={d.color}
                disabled={busy}
                onClick={() => setAsking(d.kind)}
                startIcon={d.run.busy ? spinner : d.icon}
              >
                {t(d.kind)}
              </Button>
            ),
        )}
        {decisions.map((d) => (
          <Confirm
            key={d.kind}
            isOpen={asking === d.kind}
            title={t(`${d.kind}_title`)}
            content={translate(`app.invites.${d.kind}_confirm`, who)}
            confirm={t(d.kind)}
            cancel={t('cancel')}
            confirmColor={d.confirmColor}
            onConfirm={() => {
              setAsking(null);
              void d.run.start();
            }}
            onClose={() => setAsking(null)}
          />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Tooltip title={t('copy')}>
        <IconButton size="small" aria-label={t('copy')} onClick={() => copy(invite.link)}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {may('DELETE', `${INVITES_API}/:id`) && (
        <Tooltip title={t('delete')}>
          <span>
            <IconButton size="small" color="error" aria-label={t('delete')} disabled={busy} onClick={() => setAsking('delete')}>
              {remove.busy ? <CircularProgress size={18} /> : <DeleteIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Confirm
        isOpen={asking === 'delete'}
        title={t('delete_confirm')}
        content={t('delete_note')}
        confirm={translate('app.delete.yes')}
        cancel={translate('app.delete.no')}
        confirmColor="warning"
        onConfirm={() => {
          setAsking(null);
          void remove.start();
        }}
        onClose={() => setAsking(null)}
      />
    </Box>
  );
}
