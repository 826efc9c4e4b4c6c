import { useState, type FormEvent } from 'react';
import { FormMessage } from '../../../core/site/FormMessage';
import { useT } from '../../../core/site/i18n/context';
import { AcceptInviteField } from './AcceptInviteField';
import { InviteCallError, registerWithInvite } from './acceptInviteApi';
import { refusalReason, type InvalidReason } from './acceptInviteState';
import { validateRegistration, type RegistrationErrors, type RegistrationValues } from './acceptInviteValidation';

const LOCKED = 'Email is locked to the invited address.';

/** Name, e-mail (locked when the invite names one) and password, sent for approval. */
export function AcceptInviteForm({
  token,
  lockedEmail,
  onDone,
  onInvalid,
}: {
  token: string;
  lockedEmail: string | null;
  onDone: () => void;
  onInvalid: (reason: InvalidReason) => void;
}) {
  const t = useT();
  const [values, setValues] = useState<RegistrationValues>({ name: '', email: lockedEmail ?? '', password: '' });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof RegistrationValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateRegistration(values, t);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await registerWithInvite({ token, name: values.name.trim(), email: (lockedEmail ?? values.email).trim(), password: values.password });
      onDone();
    } catch (err) {
      const status = err instanceof InviteCallError ? err.status : 0;
      const text = err instanceof InviteCallError ? err.serverText : null;
      const reason = refusalReason(status, text);
      if (reason) onInvalid(reason);
      // The server's words when it gave any; known ones in the page's language.
      else setFailure(text === LOCKED ? t('app.acceptInvite.email_locked') : (text ?? t('app.acceptInvite.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <AcceptInviteField
        name="name"
        label={t('app.acceptInvite.name')}
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <AcceptInviteField
        name="email"
        type="email"
        label={t('app.acceptInvite.email')}
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        readOnly={lockedEmail !== null}
        error={errors.email}
        note={lockedEmail !== null ? t('app.acceptInvite.email_locked') : undefined}
      />
      <AcceptInviteField
        name="password"
        type="password"
        label={t('app.acceptInvite.password')}
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      {failure && <FormMessage kind="error" text={failure} />}
      <button type="submit" className="button button-block" disabled={busy}>
        {busy ? t('app.acceptInvite.submitting') : t('app.acceptInvite.submit')}
      </button>
    </form>
  );
}
