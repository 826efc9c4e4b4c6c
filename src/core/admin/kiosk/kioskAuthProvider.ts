import type { AuthProvider } from 'react-admin';
import { authProvider, type LoginParams } from '../providers/authProvider';
import { kioskTarget } from './kioskTarget';

/**
 * The admin's auth provider, except that a successful sign-in leaves the
 * shell: it only ever shows the login screen, so the work happens elsewhere.
 */
export const kioskAuthProvider: AuthProvider = {
  ...authProvider,
  async login(params: LoginParams) {
    const result: unknown = await authProvider.login(params);
    window.location.assign(kioskTarget());
    return result;
  },
};
