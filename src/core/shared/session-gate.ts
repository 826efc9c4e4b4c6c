// Which pages need a session, where signing in comes back to, and the cookie
// that tells the server a browser holds a session: for the entry, the admin
// and the server. The admin imports these from here, not through the entry's
// src/core/web/adminPaths.ts: that split the entry's module into chunks of
// their own, 0.7 kB more of the admin's first load.

/**
 * A cookie that says only "a session is stored in this browser" (`1`), kept
 * in step with the session in local storage. It proves nothing and grants
 * nothing (the session is the bearer token): the server reads it to decide
 * whether an admin screen's page preloads the admin's files. A signed-out
 * visitor gets the light sign-in page on a screen that needs a session, and
 * the back office's files would only slow it down.
 */
export const SIGNED_IN_HINT = 'bo_signed_in';

/** The admin pages a visitor without a session may open (full paths): the sign-in page and the password pages. */
const OPEN_WITHOUT_SESSION = /^\/admin\/(login|forgot-password|reset-password)(\/|$)/;

export function opensWithoutSession(pathname: string): boolean {
  return OPEN_WITHOUT_SESSION.test(pathname);
}

/** Whether a path (without its query) is the admin's. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Whether an /admin page (full path) needs a session. */
export function needsSession(pathname: string): boolean {
  return isAdminPath(pathname) && !opensWithoutSession(pathname);
}

/** The admin-relative sign-in path that comes back to `fullPath` (with /admin and its query) afterwards. */
export function loginPathWithNext(fullPath: string): string {
  return needsSession(fullPath.split('?')[0]) ? `/login?next=${encodeURIComponent(fullPath)}` : '/login';
}
