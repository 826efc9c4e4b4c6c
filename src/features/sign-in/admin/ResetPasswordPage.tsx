import { useState } from 'react';
import { Button } from '@mui/material';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Form, PasswordInput, useNotify, useTranslate } from 'react-admin';
import { api } from '../../../core/admin/api/http';
import { errorBody } from '../../../core/admin/api/ApiError';
import { getToken } from '../../../core/web/session';
import { confirmValidator, fieldValidators, requiredMessage } from '../../../core/admin/generic/validators';
import { AuthCard } from './AuthCard';
import { BackToLogin } from './BackToLogin';
import { PASSWORD_MIN } from '../../../core/field-kinds/text-rules';

export function ResetPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [busy, setBusy] = useState(false);
  if (getToken()) return <Navigate to="/" replace />;
  const pwLabel = translate('app.auth.password');
  const confirmLabel = translate('app.form.confirm_password');
  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api('/api/auth/reset-password', { method: 'POST', body: { password: String(v.password), resetToken: token } });
      notify('app.auth.reset_success', { type: 'success' });
      navigate('/login');
    } catch (e) {
      notify(errorBody(e).error ?? translate('app.auth.reset_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={translate('app.auth.reset_title')}>
      <Form onSubmit={submit} mode="onSubmit" noValidate>
        <PasswordInput
          source="password"
          label={pwLabel}
          fullWidth
          autoComplete="new-password"
          validate={fieldValidators(translate, { type: 'password', required: true, minLength: PASSWORD_MIN }, pwLabel)}
        />
        <PasswordInput
          source="confirmPassword"
          label={confirmLabel}
          fullWidth
          autoComplete="new-password"
          validate={[
            (value: unknown) => (value ? undefined : requiredMessage(translate, confirmLabel)),
            confirmValidator(translate, 'password'),
          ]}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy}>
          {translate('app.auth.reset_submit')}
        </Button>
      </Form>
      <BackToLogin />
    </AuthCard>
  );
}
