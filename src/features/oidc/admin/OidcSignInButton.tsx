import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { oidcStartUrl } from '../links';

/**
 * The admin's (and the kiosk shell's) button for the OpenID Provider: a full
 * navigation to the API's start (MUI draws a link for `href`); the provider
 * sends the person back to the light login page, which finishes the sign-in
 * and goes on to `next`. No icon: the admin's first load is at its budget.
 */
export function OidcSignInButton({ label, invite, next }: { label: string | null; invite?: string; next: string | null }) {
  const translate = useTranslate();
  return (
    <Button href={oidcStartUrl(invite, next)} variant="outlined" fullWidth sx={{ mt: 2 }} data-testid="oidc-sign-in">
      {label ?? translate('app.oidc.button', { _: 'Sign in with SSO' })}
    </Button>
  );
}
