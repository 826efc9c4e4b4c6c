import { Alert, Box, Button } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { setTwoFactorSetupRequired } from '../../../core/web/session';
import { AuthCard } from '../../sign-in/admin/AuthCard';
import { RequireSession } from '../../../core/admin/auth/RequireSession';
import { SetupFlow } from './SetupFlow';

/**
 * The one screen of a session whose role requires two-factor sign-in not set
 * up yet (the server refuses it everything else): set it up, then the back office.
 */
export function TwoFactorSetupPage() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <RequireSession>
      <AuthCard title={translate('app.two_factor.setup_title')}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.two_factor.required_note')}
        </Alert>
        <SetupFlow
          onDone={() => {
            setTwoFactorSetupRequired(false);
            // A full load: the menu and everything else the session could not read until now.
            window.location.assign('/admin');
          }}
        />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button variant="text" onClick={() => void logout()}>
            {translate('ra.auth.logout')}
          </Button>
        </Box>
      </AuthCard>
    </RequireSession>
  );
}
