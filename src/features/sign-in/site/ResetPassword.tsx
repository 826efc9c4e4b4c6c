import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../../core/site/Link';
import { Field } from '../../../core/site/Field';
import { FormMessage } from '../../../core/site/FormMessage';
import { postJson } from '../../../core/site/postJson';
import type { resetPassword } from '../contract';
import { useT } from '../../../core/site/i18n/context';
import { useRedirectSignedIn } from '../../../core/site/useRedirectSignedIn';

/** Minimum password length. */
const MIN_PASSWORD = 6;
/** Long enough to read the success message before the login page opens. */
const REDIRECT_MS = 1500;
const LOGIN_PATH = '/admin/login';

/** The public twin of /admin/reset-password/:token: POST /api/auth/reset-password {password, resetToken}. */
export function ResetPassword({ token }: { token: string }) {
  const t = useT();
  const signedIn = useRedirectSignedIn();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  // On success, the login page.
  useEffect(() => {
    if (result?.kind !== 'success') return;
    const timer = setTimeout(() => window.location.assign(LOGIN_PATH), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result]);
  if (signedIn) return null;

  const pwLabel = t('app.auth.password');
  const confirmLabel = t('app.form.confirm_password');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      password: !password
        ? t('app.validation.required', { label: pwLabel })
        : password.length < MIN_PASSWORD
          ? t('app.validation.password_min', { min: MIN_PASSWORD })
          : undefined,
      confirm: !confirm
        ? t('app.validation.required', { label: confirmLabel })
        : confirm !== password
          ? t('app.validation.passwords_mismatch')
          : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    setBusy(true);
    setResult(null);
    const error = await postJson<typeof resetPassword>(
      '/api/auth/reset-password',
      { password, resetToken: token },
      t('app.auth.reset_error'),
    );
    setBusy(false);
    setResult(error ? { kind: 'error', text: error } : { kind: 'success', text: t('app.auth.reset_success') });
  };

  const done = result?.kind === 'success';
  return (
    <section className="page page-narrow">
      <form className="panel" onSubmit={submit} noValidate>
        <h1>{t('app.auth.reset_title')}</h1>
        <Field
          label={pwLabel}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={confirmLabel}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {result && <FormMessage kind={result.kind} text={result.text} />}
        {done && <p className="muted">{t('app.site.reset.redirecting')}</p>}
        <button type="submit" className="button button-block" disabled={busy || done}>
          {busy ? t('app.site.sending') : t('app.auth.reset_submit')}
        </button>
        <p className="panel-foot">
          <Link to={LOGIN_PATH}>{t('app.auth.back_to_login')}</Link>
        </p>
      </form>
    </section>
  );
}
