import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import type { ResourceDef } from '../../shared/resource';
import { downloadFile } from '../api/download';
import { exportUrl } from '../providers/dataProvider';
import { useAdminResources } from '../resources/AdminResources';
import { crudErrorMessage } from './crudMessages';

/** 'Export': the server's CSV of the list's current search, filters and order (`{api}/export.csv`). */
export function ExportButton({ def }: { def: ResourceDef }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { resources } = useAdminResources();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFile(exportUrl(def.name, sort, filterValues, resources), `${def.name}.csv`);
    } catch (e) {
      notify(crudErrorMessage(translate, def.name, 'fetch', e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      onClick={run}
      disabled={busy || total === 0}
      startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      data-testid="export-csv"
    >
      {translate('ra.action.export')}
    </Button>
  );
}
