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
