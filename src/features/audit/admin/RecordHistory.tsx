import { useState } from 'react';
import { Alert, LinearProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate, type Identifier } from 'react-admin';
import { errorBody, errorStatus } from '../../../core/admin/api/ApiError';
import { FormSection } from '../../../core/admin/generic/FormSection';
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
    <FormSection id="record-history" title={t('history')} open={open} onOpenChange={setOpen}>
      {isPending && <LinearProgress aria-label={t('loading')} />}
      {error && <Alert severity="error">{errorBody(error).error ?? t('load_error')}</Alert>}
      {data && <AuditEntryList entries={data.data} showRecord={false} />}
    </FormSection>
  );
}
