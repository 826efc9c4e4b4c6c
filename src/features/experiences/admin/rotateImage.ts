import { call } from '../../../core/admin/api/http';
import { rotateImage as rotate } from '../contract';

/** Turns a stored picture 90 degrees on the server; the answer is its new URL. */
export function rotateImage(id: string) {
  return call(rotate, '/api/auth/edit-space-image', { method: 'POST', body: { id, action: 'rotate' } });
}
