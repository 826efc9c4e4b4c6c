import { loginTarget } from '../../web/loginTarget';

/**
 * Where the login-only shell sends a signed-in person: `next` when it is a
 * same-site path (as the login page does), else the admin home.
 */
export function kioskTarget(search: string = window.location.search): string {
  return loginTarget(search);
}
