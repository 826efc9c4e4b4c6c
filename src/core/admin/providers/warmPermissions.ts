import { getToken } from '../../web/session';
import { tokenExpired } from '../../web/tokenExpiry';
import { getAdminPermissions, type AdminPermissions } from './permissions';

/**
 * Starts loading the signed-in user's menu entries and API calls while the
 * translations load. react-admin asks for them only after its first render,
 * and a list waits for them (canAccess) before fetching its records: asked
 * early, the answer is there or on its way and the list shows sooner. The
 * requests are the ones react-admin would make (shared, cached promises),
 * so a refusal is handled where it is used, not here (the promise then
 * gives undefined).
 */
export function warmPermissions(): Promise<AdminPermissions | undefined> {
  const token = getToken();
  if (!token || tokenExpired(token)) return Promise.resolve(undefined);
  return getAdminPermissions().catch(() => undefined);
}
