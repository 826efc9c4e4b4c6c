import { Box, Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** The link under the forgot and reset forms. */
export function BackToLogin() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, textAlign: 'center' }}>
      <MuiLink component={Link} to="/login">
        {translate('app.auth.back_to_login')}
      </MuiLink>
    </Box>
  );
}
