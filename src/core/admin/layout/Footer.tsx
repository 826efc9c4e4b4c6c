import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Copyright year and major.minor version. */
export function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
      <Typography variant="caption" color="text.secondary" data-testid="footer">
        {translate('app.footer', { year: new Date().getFullYear(), version: __APP_VERSION__ })}
      </Typography>
    </Box>
  );
}
