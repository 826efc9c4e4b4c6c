import { Alert, Box, Button, Divider, Link as MuiLink } from '@mui/material';
import { Navigate, Link, useSearchParams } from 'react-router-dom';
import { Form, PasswordInput, TextInput, useLogin, useNotify, useTranslate } from 'react-admin';
import { useState } from 'react';
import { getToken } from '../../../core/web/session';
import { errorBody } from '../../../core/admin/api/ApiError';
import { fieldValidators } from '../../../core/admin/generic/validators';
import { AuthCard } from './AuthCard';
import { afterLoginTarget } from '../../../core/admin/auth/loginPath';
import { GoogleButton } from './GoogleButton';
import { PendingApproval } from './PendingApproval';
import { TwoFactorRequired } from '../../two-factor/admin/TwoFactorRequired';
import { TwoFactorStep } from '../../two-factor/admin/TwoFactorStep';
import { useConfig } from './useConfig';
import { OidcSignInButton } from '../../oidc/admin/OidcSignInButton';
import type { LoginParams } from '../../../core/admin/providers/authProvider';

export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const login = useLogin();
  const [params] = useSearchParams();
  const { data: config } = useConfig();
  const [busy, setBusy] = useState(false);
  // Set when a Google sign-in with an invite registered a new person (202).
  const [pending, setPending] = useState(false);
  // Set when the password (or Google account) was right and a code is needed next.
  const [ticket, setTicket] = useState<string | null>(null);
  const [signedInAtMount] = useState(() => getToken() !== null);
  const invite = params.get('invite') ?? undefined;
  const target = afterLoginTarget(params.get('next'));
  const inAdmin = 'inAdmin' in target ? target.inAdmin : '/';

  // Only a visitor who arrives signed in is sent on; after a login useLogin navigates.
  if (signedInAtMount) {
    if ('external' in target) window.location.assign(target.external);
    return <Navigate to={inAdmin} replace />;
  }

  const signIn = (p: LoginParams, fallback: string) => {
    setBusy(true);
    login(p, inAdmin)
      .then(() => {
        notify('app.auth.login_success', { type: 'success' });
        if ('external' in target) window.location.assign(target.external);
      })
      .catch((e: unknown) => {
        if (e instanceof TwoFactorRequired) setTicket(e.ticket);
        else if (e instanceof PendingApproval) {
          setPending(true);
          notify('app.acceptInvite.submitted', { type: 'success' });
        } else notify(errorBody(e).error ?? translate(fallback), { type: 'error' });
      })
      .finally(() => setBusy(false));
  };

  const emailLabel = translate('app.auth.email');
  const passwordLabel = translate('app.auth.password');
  if (ticket)
    return (
      <AuthCard title={translate('app.two_factor.step_title')}>
        <TwoFactorStep busy={busy} onSubmit={(f) => signIn({ ticket, ...f }, 'app.two_factor.error')} onBack={() => setTicket(null)} />
      </AuthCard>
    );
  return (
    <AuthCard title={translate('app.auth.sign_in')}>
      {pending && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="registration-pending">
          <strong>{translate('app.acceptInvite.submitted')}</strong>
          <br />
          {translate('app.acceptInvite.submitted_note')}
        </Alert>
      )}
      {invite && !pending && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.auth.invite_note')}
        </Alert>
      )}
      <Form
        onSubmit={(v: Record<string, unknown>) =>
          signIn({ email: String(v.email ?? '').trim(), password: String(v.password ?? '') }, 'app.auth.login_error')
        }
        mode="onSubmit"
        noValidate
      >
        <TextInput
          source="email"
          label={emailLabel}
          type="email"
          autoComplete="username"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a sign-in page has one task: typing starts in the e-mail field
          autoFocus
          fullWidth
          validate={fieldValidators(translate, { type: 'email', required: true }, emailLabel)}
        />
        <PasswordInput
          source="password"
          label={passwordLabel}
          autoComplete="current-password"
          fullWidth
          validate={fieldValidators(translate, { type: 'string', required: true }, passwordLabel)}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 1 }}>
          {translate('app.auth.login')}
        </Button>
      </Form>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <MuiLink component={Link} to="/forgot-password">
          {translate('app.auth.forgot_link')}
        </MuiLink>
      </Box>
      {(config?.googleClientId || config?.oidc) && <Divider sx={{ mt: 2 }}>{translate('app.auth.or')}</Divider>}
      {config?.oidc && <OidcSignInButton label={config.oidc.buttonLabel} invite={invite} next={params.get('next')} />}
      {config?.googleClientId && (
        <>
          <GoogleButton
            clientId={config.googleClientId}
            onCredential={(credential) => signIn({ credential, invite }, 'app.auth.google_error')}
            onError={() => notify('app.auth.google_error', { type: 'error' })}
          />
        </>
      )}
    </AuthCard>
  );
}
