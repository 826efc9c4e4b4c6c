import { api } from '../../api/http';

interface RotateAnswer {
  imagePath: string;
  thumbUrl: string;
}

/** Turns a stored picture 90 degrees on the server; the answer is its new URL. */
export function rotateImage(id: string): Promise<RotateAnswer> {
  return api<RotateAnswer>('/api/auth/edit-space-image', { method: 'POST', body: { id, action: 'rotate' } });
}
