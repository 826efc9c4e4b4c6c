import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getToken, twoFactorSetupRequired } from '../../web/session';
import { ADMIN_OWN_PATHS } from '../../shared/site-paths';
import { loginPathWithNext } from '../../shared/session-gate';

/** The router's basename (AdminRoot): `next` carries the full path. */
export const ADMIN_PREFIX = '/admin';

/**
 * Guard of every /admin screen except the sign-in ones: without a
 * stored token, go to login with `next`, replacing the history entry.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (getToken()) {
    // A role requires two-factor sign-in not set up yet: the set-up screen is all this session may see.
    if (twoFactorSetupRequired() && location.pathname !== ADMIN_OWN_PATHS.twoFactorSetup)
      return <Navigate to={ADMIN_OWN_PATHS.twoFactorSetup} replace />;
    return <>{children}</>;
  }
  const full = `${ADMIN_PREFIX}${location.pathname === '/' ? '' : location.pathname}${location.search}`;
  return <Navigate to={loginPathWithNext(full)} replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
}
