import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate, type Identifier } from 'react-admin';
import { fieldLabel, type ResourceDef } from '../../shared/resource';
import { formatValue } from '../../../features/audit/admin/formatValue';
import { loadAuditLogs } from '../../../features/audit/admin/auditApi';
import { useMayReadAudit } from '../../../features/audit/admin/useMayReadAudit';
import type { ConflictRow } from './conflict';
import { formatDateTime } from '../../web/dates';

/** Who changed the record last and when, from its audit trail (for users who may read it). */
function ChangedBy({ resource, id }: { resource: string; id: Identifier }) {
  const translate = useTranslate();
  const locale = useLocale();
  const may = useMayReadAudit();
  const { data } = useQuery({
    queryKey: ['app', 'conflict-changed-by', resource, String(id)],
    queryFn: () => loadAuditLogs({ resource, recordId: String(id) }, 1, 1),
    enabled: may,
    retry: false,
    gcTime: 0,
  });
  const last = data?.data[0];
  if (!last) return null;
  const when = formatDateTime(last.at, locale);
  const who = last.actorEmail ?? translate('app.conflict.someone');
  return (
    <Typography variant="body2" data-testid="conflict-changed-by">
      {translate('app.conflict.changed_by', { who, when })}
    </Typography>
  );
}

/** Which side changed a field: you, they, or both. */
function SideChip({ row }: { row: ConflictRow }) {
  const translate = useTranslate();
  const key = row.byMe && row.byThem ? 'by_both' : row.byMe ? 'by_you' : 'by_them';
  return <Chip size="small" variant="outlined" color={row.byThem ? 'warning' : 'default'} label={translate(`app.conflict.${key}`)} />;
}

/** Shows a field's value: a value typed into a write-only field (a new password) is never shown back. */
function useShownValue(def: ResourceDef) {
  const translate = useTranslate();
  const yesNo = (b: boolean) => translate(b ? 'ra.boolean.true' : 'ra.boolean.false');
  return (field: string, value: unknown) =>
    def.fields[field]?.writeOnly && value !== undefined && value !== ''
      ? translate('app.conflict.secret')
      : formatValue(value, translate('app.conflict.none'), yesNo);
}

const useFieldLabel = (def: ResourceDef) => {
  const translate = useTranslate();
  return (field: string) => translate(fieldLabel(def.name, field, def.fields[field]), { _: field });
};

/** The changed fields on a phone: each one a block of its own (three columns leave a value a few letters wide). */
function ChangesList({ def, rows }: { def: ResourceDef; rows: ConflictRow[] }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.conflict.${k}`);
  const shown = useShownValue(def);
  const label = useFieldLabel(def);
  return (
    <Stack component="ul" spacing={1.5} aria-label={t('table')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {rows.map((row) => (
        <Stack
          component="li"
          key={row.field}
          spacing={0.5}
          data-testid={`conflict-row-${row.field}`}
          sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="span" variant="subtitle2">
              {label(row.field)}
            </Typography>
            <SideChip row={row} />
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('yours')}: {shown(row.field, row.mine)}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('theirs')}: {shown(row.field, row.theirs)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** The changed fields as a table: the field (and who changed it), your value, the value now. */
function ChangesTable({ def, rows }: { def: ResourceDef; rows: ConflictRow[] }) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.conflict.${k}`);
  const shown = useShownValue(def);
  const label = useFieldLabel(def);
  return (
    <Table size="small" aria-label={t('table')} sx={{ '& td': { verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('field')}</TableCell>
          <TableCell>{t('yours')}</TableCell>
          <TableCell>{t('theirs')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field} data-testid={`conflict-row-${row.field}`}>
            <TableCell component="th" scope="row">
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <span>{label(row.field)}</span>
                <SideChip row={row} />
              </Stack>
            </TableCell>
            <TableCell>{shown(row.field, row.mine)}</TableCell>
            <TableCell>{shown(row.field, row.theirs)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface ConflictDialogProps {
  def: ResourceDef;
  id: Identifier;
  rows: ConflictRow[];
  /** A choice is being saved. */
  busy: boolean;
  onMerge: () => void;
  onReload: () => void;
  onOverwrite: () => void;
  onClose: () => void;
}

/**
 * A save refused because someone changed the record since the form opened
 * (412): what each side changed, and three ways on. Keep my changes (and
 * theirs for the rest), discard mine and reload, or overwrite with all of
 * mine. Closing it goes back to the form with nothing saved. The keyboard
 * starts on "keep my changes", the choice that loses nothing.
 */
export function ConflictDialog({ def, id, rows, busy, onMerge, onReload, onOverwrite, onClose }: ConflictDialogProps) {
  const translate = useTranslate();
  const t = (k: string) => translate(`app.conflict.${k}`);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const merge = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullScreen={small}
      maxWidth="md"
      fullWidth
      aria-labelledby="conflict-title"
      data-testid="conflict-dialog"
      slotProps={{ transition: { onEntered: () => merge.current?.focus() } }}
    >
      <DialogTitle id="conflict-title">{t('title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1.5}>
          <Alert severity="warning">{t('intro')}</Alert>
          <ChangedBy resource={def.name} id={id} />
          {rows.length > 0 && (small ? <ChangesList def={def} rows={rows} /> : <ChangesTable def={def} rows={rows} />)}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {busy && <CircularProgress size={20} aria-label={t('saving')} />}
        <Button onClick={onReload} disabled={busy}>
          {t('reload')}
        </Button>
        <Button onClick={onOverwrite} disabled={busy} color="warning">
          {t('overwrite')}
        </Button>
        <Button ref={merge} onClick={onMerge} disabled={busy} variant="contained">
          {t('merge')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
