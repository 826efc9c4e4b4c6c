/**
 * Where a sign-in leads: `next` when it is a same-site path (an absolute URL
 * or `//host` could send the visitor off site), else the admin home.
 * Shared by the light login page and the login-only shell.
 */
export function loginTarget(search: string = window.location.search): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/admin';
}
