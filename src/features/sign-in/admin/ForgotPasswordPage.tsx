import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { Form, TextInput, useNotify, useTranslate } from 'react-admin';
import { api } from '../../../core/admin/api/http';
import { errorBody } from '../../../core/admin/api/ApiError';
import { getToken } from '../../../core/web/session';
import { fieldValidators } from '../../../core/admin/generic/validators';
import { AuthCard } from './AuthCard';
import { BackToLogin } from './BackToLogin';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  if (getToken()) return <Navigate to="/" replace />;
  const label = translate('app.auth.email');
  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      await api('/api/auth/forgot-password', { method: 'POST', body: { email: String(v.email ?? '').trim() } });
      notify('app.auth.forgot_success', { type: 'success' });
    } catch (e) {
      notify(errorBody(e).error ?? translate('app.auth.forgot_error'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={translate('app.auth.forgot_title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.auth.forgot_text')}
      </Typography>
      <Form onSubmit={submit} mode="onSubmit" noValidate>
        <TextInput
          source="email"
          label={label}
          type="email"
          fullWidth
          validate={fieldValidators(translate, { type: 'email', required: true }, label)}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy}>
          {translate('app.auth.forgot_submit')}
        </Button>
      </Form>
      <BackToLogin />
    </AuthCard>
  );
}
