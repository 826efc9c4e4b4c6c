import { lazy, Suspense, useState } from 'react';
import { setFlash, takeFlash } from '../../../core/web/flash';
import { loginTarget } from '../../../core/web/loginTarget';
import { FormMessage } from '../../../core/site/FormMessage';
import { LanguageSwitch } from '../../../core/site/LanguageSwitch';
import { useSiteI18n } from '../../../core/site/i18n/context';
import { LoginForm } from './LoginForm';
import { TwoFactorForm, type SecondFactor } from '../../two-factor/site/TwoFactorForm';
import { signIn, type SignInBody } from './signIn';
import { useGoogleClientId } from './useGoogleClientId';

// @react-oauth/google is fetched only when Google sign-in is enabled.
const GoogleSignIn = lazy(() => import('./GoogleSignIn'));

type Message = { kind: 'success' | 'error'; text: string };

// Left by the admin when a session ended (a 401 or an expired token); read once per page load.
const notice = takeFlash();

/**
 * /admin/login without react-admin or MUI (first load ~5x lighter): signs in
 * through the API, stores the session like the admin, then loads the admin
 * (or `next`) with a full navigation.
 */
export function LoginPage() {
  const { t, lang } = useSiteI18n();
  const googleClientId = useGoogleClientId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  // Set when a Google sign-in with an invite registered a new person (202).
  const [pending, setPending] = useState<string | null>(null);
  // Set when the password (or Google account) was right and a code is needed next.
  const [ticket, setTicket] = useState<string | null>(null);
  const invite = new URLSearchParams(window.location.search).get('invite') || undefined;

  const run = async (body: SignInBody, fallbackKey: string) => {
    setBusy(true);
    setMessage(null);
    const result = await signIn(body, t(fallbackKey));
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
    else setMessage({ kind: 'error', text: result.text });
  };

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
        {message && <FormMessage kind={message.kind} text={message.text} />}
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
        {googleClientId && !ticket && (
          <>
            <p className="login-or">{t('app.auth.or')}</p>
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
