import { TableCell, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InviteListRow } from './invitesApi';

/** Who registered on the invite: name above e-mail, or a quiet 'nobody yet'. */
export function RegistrantCell({ registrant }: { registrant: InviteListRow['registrant'] }) {
  const translate = useTranslate();
  return (
    <TableCell sx={{ maxWidth: 240 }} data-testid="invite-registrant">
      {registrant ? (
        <>
          <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 500 }} noWrap title={registrant.name}>
            {registrant.name}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }} noWrap title={registrant.email}>
            {registrant.email}
          </Typography>
        </>
      ) : (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {translate('app.invites.no_registrant')}
        </Typography>
      )}
    </TableCell>
  );
}
