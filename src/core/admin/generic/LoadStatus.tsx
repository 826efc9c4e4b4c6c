import { Alert, Button, LinearProgress } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { errorBody } from '../api/ApiError';

interface Props {
  /** A request is under way: a progress bar shows. */
  busy: boolean;
  /** Names the progress bar when the screen has its own word for what loads. */
  busyLabel?: string;
  /** The failed load, if any: the server's message, or `fallback` when it gave none. */
  error: unknown;
  fallback: string;
  /** Offers a Retry button beside the error when given. */
  onRetry?: () => void;
}

/**
 * The loading bar and the load error of a screen that fetches its own data
 * outside react-admin's lists (the audit log, the permission matrix), so
 * every such screen says it the same way.
 */
export function LoadStatus({ busy, busyLabel, error, fallback, onRetry }: Props) {
  const translate = useTranslate();
  return (
    <>
      {busy && <LinearProgress aria-label={busyLabel} />}
      {Boolean(error) && (
        <Alert
          severity="error"
          action={
            onRetry && (
              <Button color="inherit" size="small" startIcon={<RefreshIcon />} disabled={busy} onClick={onRetry}>
                {translate('app.list.retry')}
              </Button>
            )
          }
        >
          {errorBody(error).error ?? fallback}
        </Alert>
      )}
    </>
  );
}
