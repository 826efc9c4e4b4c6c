import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Form, PasswordInput, TextInput, Title, useTranslate } from 'react-admin';
import { SaveButton } from '../../../core/admin/generic/SaveButton';
import { errorBody } from '../../../core/admin/api/ApiError';
import { confirmValidator, fieldValidators } from '../../../core/admin/generic/validators';
import { MySessions } from '../../sessions/admin/MySessions';
import { MyApiTokens } from '../../api-tokens/admin/MyApiTokens';
import { TwoFactorCard } from '../../two-factor/admin/TwoFactorCard';
import { ImageUpload } from './ImageUpload';
import { loadProfile, type ProfileUpdate } from './profileApi';
import { useProfileSave } from './useProfileSave';
import { PASSWORD_MIN } from '../../../core/field-kinds/text-rules';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function ProfilePage() {
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({ queryKey: ['app', 'my-profile'], queryFn: loadProfile, retry: false });
  const { save, saving, dialog } = useProfileSave(data);
  const t = (k: string) => translate(`app.profile.${k}`);
  const submit = async (v: Record<string, unknown>) => {
    const body: ProfileUpdate = {
      name: str(v.name).trim(),
      phone: str(v.phone).trim(),
      address: str(v.address).trim(),
      bio: str(v.bio),
    };
    if (str(v.password)) body.password = str(v.password);
    if (str(v.image)) body.image = str(v.image);
    await save(body);
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{errorBody(error).error ?? t('load_error')}</Alert>}
      {data && (
        <Card variant="outlined">
          <CardContent>
            {/* A new version (saved here, or reloaded after a conflict) opens the form afresh. */}
            <Form key={data._version} record={{ ...data, id: 'me' }} onSubmit={submit} mode="onSubmit" noValidate>
              <ImageUpload name={data.name} />
              <TextInput source="email" label={t('email')} fullWidth disabled helperText={false} />
              <TextInput
                source="name"
                label={t('name')}
                fullWidth
                helperText={false}
                validate={fieldValidators(translate, { type: 'string', required: true, maxLength: 200 }, t('name'))}
              />
              <TextInput source="phone" label={t('phone')} fullWidth helperText={false} />
              <TextInput source="address" label={t('address')} fullWidth helperText={false} />
              <TextInput source="bio" label={t('bio')} fullWidth multiline minRows={3} helperText={false} />
              <PasswordInput
                source="password"
                label={t('password')}
                fullWidth
                helperText={false}
                autoComplete="new-password"
                validate={fieldValidators(translate, { type: 'password', minLength: PASSWORD_MIN }, t('password'))}
              />
              <PasswordInput
                source="confirmPassword"
                label={translate('app.form.confirm_password')}
                fullWidth
                helperText={false}
                autoComplete="new-password"
                validate={confirmValidator(translate, 'password')}
              />
              <SaveButton label={t('save')} disabled={saving} />
            </Form>
          </CardContent>
        </Card>
      )}
      {dialog}
      <TwoFactorCard />
      <MySessions />
      <MyApiTokens />
    </Box>
  );
}
