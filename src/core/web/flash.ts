/**
 * A one-shot message carried across a full page load: the light login page
 * signs in without react-admin, then the admin (loaded afterwards) shows the
 * 'Login successful.' toast. sessionStorage, so it never outlives the tab.
 */
const FLASH_KEY = 'flash';

export interface Flash {
  /** A translation key, e.g. app.auth.login_success. */
  message: string;
  type: 'success' | 'info';
}

/** Shown on the sign-in page when a session has ended (a 401, or its token's expiry passed). */
export const SESSION_ENDED: Flash = { message: 'app.auth.session_ended', type: 'info' };

export function setFlash(flash: Flash): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // No storage: the message is only lost, the sign-in still works.
  }
}

export function takeFlash(): Flash | null {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    const f = raw ? (JSON.parse(raw) as Partial<Flash>) : null;
    return f && typeof f.message === 'string' ? { message: f.message, type: f.type === 'info' ? 'info' : 'success' } : null;
  } catch {
    return null;
  }
}
