import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { InviteListRow } from './invitesApi';
import { InviteRowActions } from './InviteRowActions';
import { InviteStatusChip } from './InviteStatusChip';
import { WhenCell } from './WhenCell';
import { RegistrantCell } from './RegistrantCell';
import { InviteHistoryButton } from './InviteHistoryButton';
import { InviteOpenLink } from './InviteOpenLink';
import { ADDRESS_WIDTH } from './addressWidth';
import { useMayReadAudit } from '../../audit/admin/useMayReadAudit';

/**
 * Who and what became of it first: with real addresses and a registrant's
 * Approve and Reject, the table is wider than its card beside the menu at
 * 1280 px, and the actions column stays in view over the last ones; the
 * token and link (also reached by Copy) are what a narrow window hides.
 */
const COLUMNS = ['created', 'email', 'registrant', 'status', 'expires', 'token', 'link', 'actions'] as const;
/** Tokens are long; the start tells them apart, the tooltip shows all of it. */
const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
const mono = { fontFamily: 'monospace', fontSize: 12 };
const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

const tableSx = {
  '& th, & td': { px: 1, whiteSpace: 'nowrap' },
  // Actions stay in view when a narrow window scrolls the table sideways.
  '& th:last-of-type, & td:last-of-type': { position: 'sticky', right: 0, bgcolor: 'background.paper', zIndex: 1 },
};

export function InvitesTable({ rows, onChanged }: { rows: InviteListRow[]; onChanged: () => void }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.invites.${k}`);
  const history = useMayReadAudit();
  return (
    // The admin layout sizes itself to its content (min-width: fit-content);
    // inline-size containment keeps this wide table from widening the page,
    // so it scrolls inside its card instead.
    <TableContainer sx={{ width: '100%', overflowX: 'auto', contain: 'inline-size' }}>
      <Table size="small" data-testid="invites-table" sx={tableSx}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600 }}>
                {t(`col.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4, color: 'text.secondary', position: 'static !important' }}>
                {t('empty')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((r) => (
            <TableRow key={r._id} data-testid="invite-row" data-status={r.status}>
              <WhenCell iso={r.createdAt} />
              <TableCell sx={{ maxWidth: ADDRESS_WIDTH, ...ellipsis }} title={r.email ?? undefined}>
                {r.email ?? (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                    {t('any')}
                  </Typography>
                )}
              </TableCell>
              <RegistrantCell registrant={r.registrant} />
              <TableCell>
                <InviteStatusChip status={r.status} />
              </TableCell>
              <WhenCell iso={r.expiresAt} />
              <TableCell>
                <Tooltip title={r.token}>
                  <Typography component="span" sx={mono}>
                    {short(r.token, 8)}
                  </Typography>
                </Tooltip>
              </TableCell>
              <TableCell>
                <InviteOpenLink invite={r} />
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                  <InviteRowActions invite={r} onChanged={onChanged} />
                  {history && <InviteHistoryButton invite={r} />}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
