import { clearSession } from '../../web/session';
import { SESSION_ENDED, setFlash } from '../../web/flash';
import { forgetPermissions } from '../providers/permissions';
import { loginPathWithNext } from '../../shared/session-gate';

let ending = false;

/**
 * The session is over (a 401 from any call, or the token's expiry passed):
 * forget it and go to the one sign-in page with a message, coming back here
 * afterwards (a 401 clears the stored session). A full page load, so
 * every screen, the bell included, stops at once; several 401s arriving
 * together navigate once.
 */
export function endSession(): void {
  clearSession();
  forgetPermissions();
  if (ending) return;
  ending = true;
  setFlash(SESSION_ENDED);
  window.location.assign('/admin' + loginPathWithNext(window.location.pathname + window.location.search));
}
