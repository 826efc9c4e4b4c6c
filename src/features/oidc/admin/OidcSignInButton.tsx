import { Button } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useTranslate } from 'react-admin';
import { oidcStartUrl } from '../links';

/**
 * The admin's (and the kiosk shell's) button for the OpenID Provider: a full
 * navigation to the API's start; the provider sends the person back to the
 * light login page, which finishes the sign-in and goes on to `next`.
 */
export function OidcSignInButton({ label, invite, next }: { label: string | null; invite?: string; next: string | null }) {
  const translate = useTranslate();
  return (
    <Button
      component="a"
      href={oidcStartUrl(invite, next)}
      variant="outlined"
      fullWidth
      startIcon={<KeyIcon />}
      sx={{ mt: 2 }}
      data-testid="oidc-sign-in"
    >
      {label ?? translate('app.oidc.button', { _: 'Sign in with SSO' })}
    </Button>
  );
}
