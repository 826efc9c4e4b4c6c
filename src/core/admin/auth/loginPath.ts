import { sameSitePath } from '../../shared/same-site-path';

/**
 * Where to go after login: `next` when it is a same-site path, else the admin
 * home. Returns the admin-relative path for the router, or null when the
 * target lies outside /admin and needs a full page load.
 */
export function afterLoginTarget(given: string | null): { inAdmin: string } | { external: string } {
  const next = sameSitePath(given);
  if (!next) return { inAdmin: '/' };
  if (next === '/admin' || next.startsWith('/admin/') || next.startsWith('/admin?')) {
    return { inAdmin: next.slice('/admin'.length) || '/' };
  }
  return { external: next };
}
