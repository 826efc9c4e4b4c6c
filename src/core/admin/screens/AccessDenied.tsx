import { Box, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useTranslate } from 'react-admin';

export function AccessDenied() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }} data-testid="access-denied">
      <LockIcon sx={{ fontSize: 64 }} color="disabled" />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {translate('app.access_denied.title')}
      </Typography>
      <Typography color="text.secondary">{translate('app.access_denied.message')}</Typography>
    </Box>
  );
}
