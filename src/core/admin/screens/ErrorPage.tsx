import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { clearSession } from '../../web/session';

/** The error screen, with the main shell's 'Clear Local Storage and Go Back'. */
export function ErrorPage({ error, resetErrorBoundary }: { error?: Error; resetErrorBoundary?: (...args: unknown[]) => void }) {
  const translate = useTranslate();
  const back = () => {
    resetErrorBoundary?.();
    window.history.back();
  };
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.error.title')}
      </Typography>
      {error?.message && (
        <Typography color="error" sx={{ mb: 2 }}>
          {error.message}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button href="/">{translate('app.error.frontend')}</Button>
        <Button variant="outlined" onClick={back}>
          {translate('app.error.go_back')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={() => {
            clearSession();
            back();
          }}
        >
          {translate('app.error.clear_storage')}
        </Button>
      </Box>
    </Box>
  );
}
