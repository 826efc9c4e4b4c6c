import { Alert, LinearProgress } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { crudErrorMessage } from './crudMessages';

/**
 * Loading bar while fetching, error alert when the list cannot load
 * (`message` when a screen words it itself).
 */
export function ListStatus({ resource, message }: { resource: string; message?: string }) {
  const { isFetching, error } = useListContext();
  const translate = useTranslate();
  return (
    <>
      <LinearProgress sx={{ visibility: isFetching ? 'visible' : 'hidden', my: 1 }} data-testid="list-loading" />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message ?? crudErrorMessage(translate, resource, 'fetch', error)}
        </Alert>
      )}
    </>
  );
}
