import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Confirm } from '../../../core/admin/generic/Confirm';
import { call } from '../../../core/admin/api/http';
import { reinitiatePermissions } from '../../../core/shared/api/system';
import { errorBody } from '../../../core/admin/api/ApiError';

/** Syncs API permissions with the server's routes, after a confirmation. */
export function ReinitiatePermissionsButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  const run = async () => {
    setAsking(false);
    setRunning(true);
    try {
      const res = await call(reinitiatePermissions, '/api/auth/reinitiate-permissions/', { method: 'POST' });
      notify(translate('app.permissions.sync_done', { n: res.createdCount ?? 0 }), { type: 'success' });
      refresh();
    } catch (e) {
      notify(errorBody(e).error ?? translate('app.permissions.sync_error'), { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={running ? <CircularProgress size={16} /> : <SyncIcon />}
        disabled={running}
        onClick={() => setAsking(true)}
      >
        {translate('app.permissions.reinitiate')}
      </Button>
      <Confirm
        isOpen={asking}
        title="app.permissions.reinitiate"
        content="app.permissions.confirm"
        confirm="ra.action.confirm"
        cancel="app.delete.no"
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
