import { useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, CircularProgress } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useFormContext, useWatch } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { errorBody } from '../../../core/admin/api/ApiError';
import { UserAvatar } from '../../../core/admin/layout/UserAvatar';
import { PROFILE_IMAGE_MAX_BYTES, uploadProfileImage } from './profileApi';

/** Uploads at once; the new path is applied when the profile is saved, as the success message says. */
export function ImageUpload({ name }: { name?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const image = useWatch({ name: 'image' }) as string | undefined;
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > PROFILE_IMAGE_MAX_BYTES) {
      notify('app.profile.file_too_big', { type: 'error' });
      return;
    }
    setBusy(true);
    try {
      const path = await uploadProfileImage(file);
      if (!path) {
        notify('app.profile.upload_failed', { type: 'error' });
        return;
      }
      setValue('image', path, { shouldDirty: true });
      notify('app.profile.upload_ok', { type: 'success' });
    } catch (err) {
      const body = errorBody(err);
      notify(body.error ?? translate(body.transport ? 'app.profile.upload_error' : 'app.profile.upload_retry'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
      <UserAvatar image={image} name={name} size={72} />
      <input ref={input} type="file" accept="image/*" hidden onChange={pick} data-testid="profile-image-input" />
      <Button
        variant="outlined"
        startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {translate('app.profile.upload')}
      </Button>
    </Box>
  );
}
