import { useEffect } from 'react';
import { getToken } from '../web/session';
import { navigate } from './useLocationPath';

/** Forgot/reset password send a signed-in visitor to /. */
export function useRedirectSignedIn(): boolean {
  const signedIn = getToken() !== null;
  useEffect(() => {
    if (signedIn) navigate('/', true);
  }, [signedIn]);
  return signedIn;
}
