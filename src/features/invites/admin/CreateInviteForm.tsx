import { useState } from 'react';
import { Box, Button } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { Form, NumberInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { fieldValidators } from '../../../core/admin/generic/validators';
import { createInvite, type Invite } from './invitesApi';
import { DEFAULT_HOURS, inviteBody, MIN_HOURS } from './inviteForm';

/** A new invite: e-mail (optional) and hours, then 'Invite created.' */
export function CreateInviteForm({ onCreated }: { onCreated: (invite: Invite) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const t = (k: string) => translate(`app.invites.${k}`);
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const invite = await createInvite(inviteBody(values));
      notify('app.invites.created', { type: 'success' });
      onCreated(invite);
    } catch (e) {
      notify(errorBody(e).error ?? t('create_failed'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form onSubmit={submit} mode="onSubmit" noValidate defaultValues={{ email: '', hours: DEFAULT_HOURS }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextInput
          source="email"
          type="email"
          label={t('email')}
          helperText={t('email_help')}
          sx={{ flex: '1 1 280px', m: 0 }}
          validate={fieldValidators(translate, { type: 'email' }, t('email'))}
        />
        <NumberInput
          source="hours"
          label={t('hours')}
          min={MIN_HOURS}
          step={1}
          helperText={false}
          sx={{ width: 180, m: 0 }}
          validate={fieldValidators(translate, { type: 'number', min: MIN_HOURS }, t('hours'))}
        />
        <Button type="submit" variant="contained" startIcon={<AddLinkIcon />} disabled={busy} sx={{ mt: 1 }}>
          {t('create')}
        </Button>
      </Box>
    </Form>
  );
}
