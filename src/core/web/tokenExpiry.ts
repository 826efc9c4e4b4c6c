/**
 * When a session token expires (`exp`, seconds, as milliseconds), or null
 * for a token that is not a JWT or carries no `exp`: no expiry is known to
 * the browser, and the server's 401 ends that session instead.
 *
 * Only `exp`, a number, is read, so the payload's base64url goes through the
 * platform's `atob` (non-ASCII names in it come out garbled; nothing reads
 * them). The entry runs this on every page load: jwt-decode did the same in
 * a chunk of its own, 0.7 kB more of every face's first load.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown } | null;
    const at = typeof claims?.exp === 'number' ? claims.exp * 1000 : NaN;
    return Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}

/** Whether a session token has passed its expiry (never, when none is known). */
export function tokenExpired(token: string, now = Date.now()): boolean {
  const at = tokenExpiresAt(token);
  return at !== null && at <= now;
}
