import { useState, type FormEvent } from 'react';
import { Field } from '../../../core/site/Field';
import { useT } from '../../../core/site/i18n/context';

export type SecondFactor = { code: string } | { recoveryCode: string };

/** The code step of sign-in: six digits from the app, or a recovery code. */
export function TwoFactorForm({ busy, onSubmit, onBack }: { busy: boolean; onSubmit: (f: SecondFactor) => void; onBack: () => void }) {
  const t = useT();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (recovery) {
      if (!v) return setError(t('app.validation.required', { label: t('app.two_factor.recovery_code') }));
      setError(undefined);
      return onSubmit({ recoveryCode: v });
    }
    const digits = v.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) return setError(t('app.two_factor.code_invalid'));
    setError(undefined);
    onSubmit({ code: digits });
  };
  const toggle = () => {
    setRecovery((r) => !r);
    setValue('');
    setError(undefined);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-step">
      <p>{t(recovery ? 'app.two_factor.step_recovery_text' : 'app.two_factor.step_text')}</p>
      {recovery ? (
        <Field
          key="recovery"
          label={t('app.two_factor.recovery_code')}
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          // A string: for `false` Preact (the light faces' renderer) would set no attribute at all.
          spellCheck="false"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step has one field; typing starts there
          autoFocus
          value={value}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
      ) : (
        <Field
          key="code"
          label={t('app.two_factor.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the step has one field; typing starts there
          autoFocus
          value={value}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
      )}
      <button type="submit" className="button button-block" disabled={busy}>
        {t('app.two_factor.verify')}
      </button>
      <p className="panel-foot">
        <button type="button" className="link-button" onClick={toggle}>
          {t(recovery ? 'app.two_factor.use_app' : 'app.two_factor.use_recovery')}
        </button>
        {' · '}
        <button type="button" className="link-button" onClick={onBack}>
          {t('app.two_factor.back')}
        </button>
      </p>
    </form>
  );
}
