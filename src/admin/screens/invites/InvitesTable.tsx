import { Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatWhen } from './formatWhen';
import type { Invite } from './invitesApi';
import { InviteRowActions } from './InviteRowActions';
import { InviteStatusChip } from './InviteStatusChip';

const COLUMNS = ['created', 'email', 'token', 'expires', 'status', 'link', 'actions'] as const;
/** Tokens are long; the start tells them apart, the tooltip shows all of it. */
const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);
const mono = { fontFamily: 'monospace', fontSize: 12 };

export function InvitesTable({ rows, onChanged }: { rows: Invite[]; onChanged: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const when = (iso: string | null) => formatWhen(iso, locale);
  const t = (k: string) => translate(`app.invites.${k}`);
  return (
    <TableContainer sx={{ width: '100%', overflowX: 'auto' }}>
      <Table size="small" data-testid="invites-table">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(`col.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('empty')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((r) => (
            <TableRow key={r._id} hover data-testid="invite-row" data-status={r.status}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {r.email ?? <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>{t('any')}</Typography>}
              </TableCell>
              <TableCell>
                <Tooltip title={r.token}>
                  <Typography component="span" sx={mono}>{short(r.token, 8)}</Typography>
                </Tooltip>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.expiresAt)}</TableCell>
              <TableCell><InviteStatusChip status={r.status} /></TableCell>
              <TableCell sx={{ maxWidth: 180 }}>
                <Link href={r.link} target="_blank" rel="noopener noreferrer" title={r.link}
                  sx={{ ...mono, display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  {r.link}
                </Link>
              </TableCell>
              <TableCell><InviteRowActions invite={r} onChanged={onChanged} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
