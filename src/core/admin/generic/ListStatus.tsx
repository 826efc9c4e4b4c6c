import { Alert, Button } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useListContext, useTranslate } from 'react-admin';
import { crudErrorMessage } from './crudMessages';
import { LoadingBar } from './LoadingBar';

/**
 * Loading bar while fetching; when the list cannot load, the error and a
 * Retry button instead of an empty list
 * (`message` when a screen words the error itself).
 */
export function ListStatus({ resource, message }: { resource: string; message?: string }) {
  const { isFetching, error, refetch } = useListContext();
  const translate = useTranslate();
  return (
    <>
      <LoadingBar active={Boolean(isFetching)} sx={{ my: 1 }} />
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          data-testid="list-error"
          action={
            <Button color="inherit" size="small" startIcon={<RefreshIcon />} disabled={isFetching} onClick={() => void refetch()}>
              {translate('app.list.retry')}
            </Button>
          }
        >
          {message ?? crudErrorMessage(translate, resource, 'fetch', error)}
        </Alert>
      )}
    </>
  );
}
