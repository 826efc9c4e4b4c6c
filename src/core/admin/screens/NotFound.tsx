import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** '404 - Not Found' with a 'GO TO SHOP' link to /kiosk. */
export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.not_found.title')}
      </Typography>
      <Button variant="contained" href="/kiosk">
        {translate('app.not_found.shop')}
      </Button>
    </Box>
  );
}
