import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useBasename } from 'react-admin';
import { getToken } from '../../web/session';
import { loginPathWithNext } from './loginPath';

/**
 * Guard of every /admin screen except the sign-in ones (DESIGN 5): without a
 * stored token, go to login with `next`, replacing the history entry.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const basename = useBasename();
  if (getToken()) return <>{children}</>;
  // react-admin's basename context is empty under its own router; the real prefix is /admin.
  const prefix = basename || '/admin';
  const full = `${prefix}${location.pathname === '/' ? '' : location.pathname}${location.search}`;
  return <Navigate to={loginPathWithNext(full)} replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
}
