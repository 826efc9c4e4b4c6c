import { sameSitePath } from '../shared/same-site-path';

/**
 * Where a sign-in leads: `next` when it is a same-site path (sameSitePath),
 * else the admin home. Shared by the light login page and the login-only shell.
 */
export function loginTarget(search: string = window.location.search): string {
  return sameSitePath(new URLSearchParams(search).get('next')) ?? '/admin';
}
