import { Alert, LinearProgress } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** Loading bar, and SPEC 8's 'Error: Failed to fetch experiences data' when the list cannot load. */
export function ListError() {
  const { isFetching, error } = useListContext();
  const translate = useTranslate();
  return (
    <>
      <LinearProgress sx={{ visibility: isFetching ? 'visible' : 'hidden', my: 1 }} data-testid="list-loading" />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.experiences.fetch_failed')}
        </Alert>
      )}
    </>
  );
}
