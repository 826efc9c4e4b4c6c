import { api } from '../../api/http';

export interface Profile {
  name: string;
  email: string;
  address?: string | null;
  phone?: string | null;
  bio?: string | null;
  image?: string | null;
}

export interface ProfileUpdate {
  name: string;
  phone: string;
  address: string;
  bio: string;
  password?: string;
  image?: string;
}

/** SPEC 9: profile image at most 1 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;

export const loadProfile = () => api<Profile>('/api/auth/my-profile');
export const saveProfile = (body: ProfileUpdate) => api<Profile>('/api/auth/my-profile', { method: 'POST', body });

export async function uploadProfileImage(file: File): Promise<string | null> {
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', file);
  const res = await api<{ filePaths?: { path?: string }[] }>('/api/upload/profile-image', { method: 'POST', form });
  return res.filePaths?.[0]?.path ?? null;
}
