import { useCallback, useMemo, useState } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { downloadFile } from '../../../core/admin/api/download';
import { LoadStatus } from '../../../core/admin/generic/LoadStatus';
import { AuditEntryList } from './AuditEntryList';
import { AuditFilterBar } from './AuditFilterBar';
import { auditExportUrl, FILTER_KEYS, loadAuditLogs, type AuditFilterValues } from './auditApi';

const PAGE_SIZE = 25;

/**
 * "Audit log": who changed what, newest first, with filters kept in the URL
 * (a filtered view can be bookmarked or shared) and the same view as CSV.
 */
export default function AuditLogPage() {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.audit.${k}`, o);
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => {
    const f: AuditFilterValues = {};
    for (const k of FILTER_KEYS) {
      const v = params.get(k);
      if (v) f[k] = v;
    }
    return f;
  }, [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setFilters = useCallback(
    (f: AuditFilterValues) => {
      const next = new URLSearchParams();
      for (const k of FILTER_KEYS) if (f[k]) next.set(k, f[k] as string);
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };
  const { data, isPending, isFetching, error, refetch } = useQuery({
    queryKey: ['app', 'audit-logs', filters, page],
    queryFn: () => loadAuditLogs(filters, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadFile(auditExportUrl(filters), 'audit-log.csv');
    } catch (e) {
      notify(errorBody(e).error ?? t('export_error'), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };
  const total = data?.total ?? 0;
  const pages = data?.pages ?? 1;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }} data-testid="audit-log">
      <Title title={t('title')} />
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        {/* Usable while the first page loads (as the lists' Export): only a search known to be empty disables it,
            so it does not fade from disabled to enabled when the entries arrive. */}
        <Button
          variant="outlined"
          size="small"
          onClick={exportCsv}
          disabled={exporting || (data !== undefined && total === 0)}
          startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />}
          data-testid="audit-export"
        >
          {translate('ra.action.export')}
        </Button>
      </Stack>
      <AuditFilterBar value={filters} onChange={setFilters} />
      <LoadStatus
        busy={isPending || isFetching}
        busyLabel={t('loading')}
        error={error}
        fallback={t('load_error')}
        onRetry={() => void refetch()}
      />
      {data && <AuditEntryList entries={data.data} />}
      {data && pages > 1 && (
        <Stack
          component="nav"
          aria-label={t('pages')}
          direction="row"
          sx={{ justifyContent: 'flex-end', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="body2" role="status">
            {t('page_of', { page, pages, total })}
          </Typography>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {translate('ra.navigation.previous')}
          </Button>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {translate('ra.navigation.next')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
