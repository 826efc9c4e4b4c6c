import { call } from '../../../core/admin/api/http';
import { ifMatch } from '../../../core/admin/api/ApiError';
import * as contract from '../contract';
import type { BodyOf, Success } from '../../../core/shared/api/operation';

export type Profile = Success<typeof contract.myProfile>;
export type ProfileUpdate = BodyOf<typeof contract.updateMyProfile>;

/** Profile image at most 1 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;

export const loadProfile = () => call(contract.myProfile, '/api/auth/my-profile');
/** Saves at the version the page read (If-Match): a 412 when the account changed since. */
export const saveProfile = (body: ProfileUpdate, version?: number) =>
  call(contract.updateMyProfile, '/api/auth/my-profile', {
    method: 'POST',
    body,
    headers: ifMatch(version),
  });

export async function uploadProfileImage(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', file);
  const res = await call(contract.uploadProfileImage, '/api/upload/profile-image', { method: 'POST', form });
  return res.filePaths?.[0]?.path ?? null;
}
