/**
 * Admin screens also answer on their unprefixed path (DESIGN 5 "Routes"):
 * `/login?next=x` becomes `/admin/login?next=x`. Only first path segments are
 * listed so `/users/12` follows its twin too. /forgot-password and
 * /reset-password/:token are not here: the public site has its own light forms
 * (SPEC 2 "Public routes"); their /admin twins keep working.
 * Kept as plain strings (not read from resources/) so the public entry stays tiny.
 */
export const ADMIN_SEGMENTS: readonly string[] = [
  'login',
  'account',
  'users',
  'user-profiles',
  'permissions',
  'client-permissions',
  'roles',
  'user-roles',
  'invites',
  'experiences',
  'translations',
  'notifications',
];

/** The /admin twin of an unprefixed admin path, or null when the path is public. */
export function adminTwin(pathname: string, search: string): string | null {
  const first = pathname.split('/')[1] ?? '';
  if (!ADMIN_SEGMENTS.includes(first)) return null;
  return `/admin${pathname}${search}`;
}

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** /admin/login as a first load: served by the light login face (no react-admin). */
export function isLoginPath(pathname: string): boolean {
  return pathname === '/admin/login' || pathname === '/admin/login/';
}
