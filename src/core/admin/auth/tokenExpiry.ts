import { jwtDecode } from 'jwt-decode';

/**
 * Whether a session token has passed its expiry (`exp`, seconds). A token
 * that is not a JWT, or carries no `exp`, has no expiry known to the
 * browser: the server's 401 ends it instead.
 */
export function tokenExpired(token: string, now = Date.now()): boolean {
  try {
    const { exp } = jwtDecode<{ exp?: unknown }>(token);
    return typeof exp === 'number' && exp * 1000 <= now;
  } catch {
    return false;
  }
}
