import { useState, type FormEvent } from 'react';
import { Link } from '../../../core/site/Link';
import { Field } from '../../../core/site/Field';
import { FormMessage } from '../../../core/site/FormMessage';
import { postJson } from '../../../core/site/postJson';
import type { forgotPassword } from '../contract';
import { useSiteI18n } from '../../../core/site/i18n/context';
import { useRedirectSignedIn } from '../../../core/site/useRedirectSignedIn';
import { EMAIL_PATTERN } from '../../../core/field-kinds/text-rules';

/** The public twin of /admin/forgot-password: POST /api/auth/forgot-password {email}. */
export function ForgotPassword() {
  const { t, lang } = useSiteI18n();
  const signedIn = useRedirectSignedIn();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  if (signedIn) return null;

  const label = t('app.auth.email');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    const invalid = !value ? t('app.validation.required', { label }) : EMAIL_PATTERN.test(value) ? undefined : t('app.validation.email');
    setFieldError(invalid);
    if (invalid) return;
    setBusy(true);
    setResult(null);
    // lang: the server writes the mail in the language the visitor reads.
    const error = await postJson<typeof forgotPassword>('/api/auth/forgot-password', { email: value, lang }, t('app.auth.forgot_error'));
    setBusy(false);
    setResult(error ? { kind: 'error', text: error } : { kind: 'success', text: t('app.auth.forgot_success') });
  };

  return (
    <section className="page page-narrow">
      <form className="panel" onSubmit={submit} noValidate>
        <h1>{t('app.auth.forgot_title')}</h1>
        <p className="muted">{t('app.auth.forgot_text')}</p>
        <Field
          label={label}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={fieldError}
          onChange={(e) => setEmail(e.target.value)}
        />
        {result && <FormMessage kind={result.kind} text={result.text} />}
        {result?.kind === 'success' && <p className="muted">{t('app.site.forgot.sent_text')}</p>}
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? t('app.site.sending') : t('app.auth.forgot_submit')}
        </button>
        <p className="panel-foot">
          <Link to="/admin/login">{t('app.auth.back_to_login')}</Link>
        </p>
      </form>
    </section>
  );
}
