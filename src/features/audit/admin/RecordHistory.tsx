import { useState } from 'react';
import { Accordion, AccordionDetails, AccordionSummary, Alert, LinearProgress, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { errorBody, errorStatus } from '../../../core/admin/api/ApiError';
import { useMayReadAudit } from './useMayReadAudit';
import { AuditEntryList } from './AuditEntryList';
import { loadAuditLogs } from './auditApi';

/** Entries the History section shows (the audit screen has the rest). */
const HISTORY_LIMIT = 50;

/**
 * "History" under a record's edit form: its audit entries, newest first,
 * loaded when opened. Only for users who may read the audit log (its menu
 * entry); the API's own refusal hides it too.
 */
export function RecordHistory({ resource, id, defaultOpen = false }: { resource: string; id: Identifier; defaultOpen?: boolean }) {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.audit.${k}`, o);
  const [open, setOpen] = useState(defaultOpen);
  const may = useMayReadAudit();
  const { data, isPending, error } = useQuery({
    queryKey: ['app', 'record-history', resource, String(id)],
    queryFn: () => loadAuditLogs({ resource, recordId: String(id) }, 1, HISTORY_LIMIT),
    enabled: may && open,
    retry: false,
    gcTime: 0,
  });
  const status = errorStatus(error);
  if (!may || status === 403 || status === 401) return null;
  return (
    <Accordion
      disableGutters
      square
      elevation={0}
      expanded={open}
      onChange={(_, v) => setOpen(v)}
      sx={{ borderTop: 1, borderColor: 'divider' }}
      data-testid="record-history"
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="record-history-panel" id="record-history-title">
        {/* The summary sits in the accordion's own <h3>. */}
        <Typography component="span" variant="subtitle1">
          {t('history')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="record-history-panel">
        {open && isPending && <LinearProgress aria-label={t('loading')} />}
        {error && <Alert severity="error">{errorBody(error).error ?? t('load_error')}</Alert>}
        {data && <AuditEntryList entries={data.data} showRecord={false} />}
      </AccordionDetails>
    </Accordion>
  );
}
