import { TableCell, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InviteListRow } from './invitesApi';
import { ADDRESS_WIDTH } from './addressWidth';

/** Who registered on the invite: name above e-mail, so an approval is never blind, or a quiet 'nobody yet'. */
export function RegistrantCell({ registrant }: { registrant: InviteListRow['registrant'] }) {
  const translate = useTranslate();
  return (
    <TableCell sx={{ maxWidth: ADDRESS_WIDTH }} data-testid="invite-registrant">
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
