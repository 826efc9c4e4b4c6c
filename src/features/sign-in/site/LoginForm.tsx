import { useState, type FormEvent } from 'react';
import { Field } from '../../../core/site/Field';
import { useT } from '../../../core/site/i18n/context';
import { EMAIL_PATTERN } from '../../../core/field-kinds/text-rules';

type Errors = { email?: string; password?: string };

/** E-mail + password with the admin form's messages (required, email format). */
export function LoginForm({ busy, onSubmit }: { busy: boolean; onSubmit: (email: string, password: string) => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const emailLabel = t('app.auth.email');
  const passwordLabel = t('app.auth.password');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    const next: Errors = {
      email: !value
        ? t('app.validation.required', { label: emailLabel })
        : EMAIL_PATTERN.test(value)
          ? undefined
          : t('app.validation.email'),
      password: password ? undefined : t('app.validation.required', { label: passwordLabel }),
    };
    setErrors(next);
    if (!next.email && !next.password) onSubmit(value, password);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={emailLabel}
        name="email"
        type="email"
        autoComplete="username"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a sign-in page has one task: typing starts in the e-mail field
        autoFocus
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label={passwordLabel}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <button type="submit" className="button button-block" disabled={busy}>
        {t('app.auth.login')}
      </button>
    </form>
  );
}
