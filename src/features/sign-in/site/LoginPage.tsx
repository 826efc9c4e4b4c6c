import { lazy, Suspense, useEffect, useState } from 'react';
import { setFlash, takeFlash } from '../../../core/web/flash';
import { loginTarget } from '../../../core/web/loginTarget';
import { FormMessage } from '../../../core/site/FormMessage';
import { LanguageSwitch } from '../../../core/site/LanguageSwitch';
import { useSiteI18n } from '../../../core/site/i18n/context';
import { LoginForm } from './LoginForm';
import { TwoFactorForm, type SecondFactor } from '../../two-factor/site/TwoFactorForm';
import { signIn, type SignInBody, type SignInResult } from './signIn';
import { usePublicConfig } from './usePublicConfig';
import { OidcButton } from '../../oidc/site/OidcButton';
import { takeOidcReturn } from '../../oidc/site/oidcReturn';
import { oidcErrorKey } from '../../oidc/links';

// @react-oauth/google is fetched only when Google sign-in is enabled.
const GoogleSignIn = lazy(() => import('./GoogleSignIn'));

/** A text from the server or a translation key (shown in the page's language once its texts are in). */
type Message = { kind: 'success' | 'error'; text: string } | { kind: 'error'; key: string };

// Left when a session ended: by the admin (a 401, an expired token) or the entry (a stored token found expired); read once per page load.
const notice = takeFlash();
// Left by an OpenID Provider's sign-in coming back (a one-time code or a refusal); read once per page load.
const oidcReturn = typeof window === 'undefined' ? null : takeOidcReturn();
const oidcCode = oidcReturn && 'code' in oidcReturn ? oidcReturn.code : null;
let oidcExchangeStarted = false;

/**
 * /admin/login without react-admin or MUI (first load ~5x lighter): signs in
 * through the API, stores the session like the admin, then loads the admin
 * (or `next`) with a full navigation.
 */
export function LoginPage() {
  const { t, lang } = useSiteI18n();
  const config = usePublicConfig();
  const googleClientId = config?.googleClientId ?? null;
  const [busy, setBusy] = useState(Boolean(oidcCode));
  const [message, setMessage] = useState<Message | null>(
    oidcReturn && 'error' in oidcReturn ? { kind: 'error', key: `app.oidc.errors.${oidcReturn.error}` } : null,
  );
  // Set when a Google sign-in with an invite registered a new person (202).
  const [pending, setPending] = useState<string | null>(null);
  // Set when the password (or Google account) was right and a code is needed next.
  const [ticket, setTicket] = useState<string | null>(null);
  const query = new URLSearchParams(window.location.search);
  const invite = query.get('invite') || undefined;

  /** What the page does with a sign-in's answer. */
  const finish = (result: SignInResult) => {
    if (result.kind === 'signed-in') {
      const target = loginTarget();
      setMessage({ kind: 'success', text: t('app.auth.login_success') });
      // The admin repeats it as a toast; a public `next` would never read it.
      if (target === '/admin' || target.startsWith('/admin/') || target.startsWith('/admin?'))
        setFlash({ message: 'app.auth.login_success', type: 'success' });
      window.location.assign(target);
      return;
    }
    setBusy(false);
    if (result.kind === 'two-factor') setTicket(result.ticket);
    else if (result.kind === 'pending') setPending(result.message);
    else {
      const key = oidcErrorKey(result.code);
      setMessage(key ? { kind: 'error', key } : { kind: 'error', text: result.text });
    }
  };

  const run = async (body: SignInBody, fallbackKey: string) => {
    setBusy(true);
    setMessage(null);
    finish(await signIn(body, t(fallbackKey)));
  };

  // Back from the provider with a one-time code: exchanged once, as a password would be.
  useEffect(() => {
    if (!oidcCode || oidcExchangeStarted) return;
    oidcExchangeStarted = true;
    void signIn({ code: oidcCode }, 'Sign-in failed.').then(finish);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page load: `finish` only sets state
  }, []);

  return (
    <main className="site login">
      <div className="panel login-card">
        <div className="login-head">
          <h1>{t('app.auth.sign_in')}</h1>
          <LanguageSwitch />
        </div>
        {pending && (
          <div className="form-message form-message-success" role="status" data-testid="registration-pending">
            <strong>{t('app.acceptInvite.submitted')}</strong>
            <br />
            {t('app.acceptInvite.submitted_note')}
          </div>
        )}
        {notice && (
          <p className="form-message form-message-info" role="status" data-testid="session-notice">
            {t(notice.message)}
          </p>
        )}
        {invite && !pending && <p className="form-message form-message-info">{t('app.auth.invite_note')}</p>}
        {oidcCode && busy && (
          <p className="form-message form-message-info" role="status">
            {t('app.oidc.completing')}
          </p>
        )}
        {message && <FormMessage kind={message.kind} text={'key' in message ? t(message.key) : message.text} />}
        {ticket ? (
          <TwoFactorForm
            busy={busy}
            onSubmit={(factor: SecondFactor) => void run({ ticket, ...factor }, 'app.two_factor.error')}
            onBack={() => {
              setTicket(null);
              setMessage(null);
            }}
          />
        ) : (
          <LoginForm busy={busy} onSubmit={(email, password) => void run({ email, password }, 'app.auth.login_error')} />
        )}
        <p className="panel-foot" hidden={Boolean(ticket)}>
          <a href="/admin/forgot-password">{t('app.auth.forgot_link')}</a>
        </p>
        {(googleClientId || config?.oidc) && !ticket && <p className="login-or">{t('app.auth.or')}</p>}
        {config?.oidc && !ticket && (
          <OidcButton label={config.oidc.buttonLabel ?? t('app.oidc.button')} invite={invite} next={query.get('next')} />
        )}
        {googleClientId && !ticket && (
          <>
            <Suspense fallback={null}>
              <GoogleSignIn
                clientId={googleClientId}
                locale={lang}
                onCredential={(credential) => void run({ credential, invite }, 'app.auth.google_error')}
                onError={() => setMessage({ kind: 'error', text: t('app.auth.google_error') })}
              />
            </Suspense>
          </>
        )}
      </div>
    </main>
  );
}
