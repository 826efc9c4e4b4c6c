/**
 * Admin screens also answer on their unprefixed path:
 * `/login?next=x` becomes `/admin/login?next=x`. Only first path segments are
 * listed so `/users/12` follows its twin too: every declared resource's, the
 * login page's and the account pages' (src/core/shared/route-names.ts, computed at
 * build time by build/defines.ts so this entry stays tiny). /forgot-password and
 * /reset-password/:token are not here: the public site has its own light forms
 * at those paths; their /admin twins keep working. The server refuses
 * to start when a resource's path would take a public page's
 * (src/core/shared/route-names.ts).
 */
export const ADMIN_SEGMENTS: readonly string[] = __ADMIN_SEGMENTS__;

/** The /admin twin of an unprefixed admin path, or null when the path is public. */
export function adminTwin(pathname: string, search: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  if (!ADMIN_SEGMENTS.includes(first)) return null;
  return `/admin${pathname}${search}`;
}

/** /admin/login as a first load: served by the light login face (no react-admin). */
export function isLoginPath(pathname: string): boolean {
  return pathname === '/admin/login' || pathname === '/admin/login/';
}
