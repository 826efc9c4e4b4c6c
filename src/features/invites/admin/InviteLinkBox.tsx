import { Alert, Box, Button, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatWhen } from './formatWhen';
import type { Invite } from './invitesApi';
import { useCopyLink } from './useCopyLink';

/** The link of the invite just created, ready to hand over. */
export function InviteLinkBox({ invite }: { invite: Invite }) {
  const translate = useTranslate();
  const copy = useCopyLink();
  const [locale] = useLocaleState();
  const t = (k: string) => translate(`app.invites.${k}`);
  return (
    <Alert severity="success" sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }} data-testid="invite-link-box">
      <Typography variant="subtitle2">{t('link_label')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <Typography
          component="code"
          data-testid="invite-link"
          sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', flex: '1 1 320px', minWidth: 0 }}
        >
          {invite.link}
        </Typography>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => copy(invite.link)}>
          {t('copy')}
        </Button>
        <Button size="small" variant="outlined" startIcon={<OpenInNewIcon />} href={invite.link} target="_blank" rel="noopener noreferrer">
          {t('open')}
        </Button>
      </Box>
      <Typography variant="caption" sx={{ display: 'block', mt: 0.5 }}>
        {translate('app.invites.for_expires', {
          email: invite.email ?? t('any'),
          date: formatWhen(invite.expiresAt, locale),
        })}
      </Typography>
    </Alert>
  );
}
