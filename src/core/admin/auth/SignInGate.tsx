import { Suspense, useEffect } from 'react';
import { LinearProgress } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { getToken } from '../../web/session';
import { LoginPage } from '../lazyScreens';

/**
 * The admin's `loginPage` (one sign-in design everywhere). Whenever
 * react-admin would show a login screen (after logout, when a guard sends a
 * visitor to /login), the page is loaded afresh at /admin/login, where the
 * entry serves the product's one sign-in screen (src/features/sign-in/site), with the
 * query (`next`, `invite`) kept. Someone still signed in is sent on, as
 * before, by the admin's login page.
 */
export function SignInGate() {
  const { search } = useLocation();
  const signedIn = getToken() !== null;
  useEffect(() => {
    if (!signedIn) window.location.replace(`/admin/login${search}`);
  }, [signedIn, search]);
  return signedIn ? (
    <Suspense fallback={<LinearProgress />}>
      <LoginPage />
    </Suspense>
  ) : null;
}
