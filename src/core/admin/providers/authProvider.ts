import type { AuthProvider, UserIdentity } from 'react-admin';
import { api, setTwoFactorSetupHandler, setUnauthorizedHandler } from '../api/http';
import { errorStatus } from '../api/ApiError';
import { clearSession, getToken, getUserInfo, saveSession, setTwoFactorSetupRequired } from '../../web/session';
import type { googleSignIn, login } from '../../../features/sign-in/contract';
import type { twoFactorVerify } from '../../../features/two-factor/contract';
import type { BodyOf, Success } from '../../shared/api/operation';
import { allows, getCategories } from './categories';
import { forgetPermissions, getAdminPermissions } from './permissions';
import { productResources } from '../../../../resources/set';
import type { ResourceSet } from '../../shared/resource-set';
import { endSession } from '../auth/endSession';
import { tokenExpired } from '../../web/tokenExpiry';
import { PendingApproval, REGISTRATION_SUBMITTED, type PendingAnswer } from '../../../features/sign-in/admin/PendingApproval';
import { TwoFactorRequired } from '../../../features/two-factor/admin/TwoFactorRequired';

export type LoginAnswer = Success<typeof login>;

export type LoginParams = BodyOf<typeof login> | BodyOf<typeof googleSignIn> | BodyOf<typeof twoFactorVerify>;

const loginUrl = (params: LoginParams) =>
  'ticket' in params ? '/api/auth/2fa/verify' : 'credential' in params ? '/api/auth/google' : '/api/auth/login';

setUnauthorizedHandler(endSession);
setTwoFactorSetupHandler(() => {
  setTwoFactorSetupRequired(true);
  const setup = '/admin/account/two-factor';
  if (window.location.pathname !== setup) window.location.assign(setup);
});

/** Logs a permission problem (a 403) without ending the session. */
export function reportForbidden(error: unknown): void {
  console.warn('Permission error (403):', error instanceof Error ? error.message : error);
}

/** Who is signed in, as react-admin's getIdentity gives it (the account menu): from the stored session. */
export function storedIdentity(): UserIdentity | undefined {
  const info = getUserInfo();
  return info ? { id: info.user._id, fullName: info.user.name, avatar: info.user.image ?? undefined, email: info.user.email } : undefined;
}

/** The auth provider of an app serving `resources` (canAccess gates their screens). */
export function createAuthProvider(resources: ResourceSet): AuthProvider {
  return {
    async login(params: LoginParams) {
      const body = 'credential' in params ? { credential: params.credential, invite: params.invite || undefined } : params;
      const answer = await api<LoginAnswer | PendingAnswer>(loginUrl(params), { method: 'POST', body });
      // The password was right; the code step comes next (the login screen asks for it and calls login again).
      if (answer && 'twoFactorRequired' in answer) throw new TwoFactorRequired(answer.ticket);
      // 202 for a new invited person: registered for approval, nothing to store.
      if (!answer || !('token' in answer) || !answer.token)
        throw new PendingApproval(('message' in answer && answer.message) || REGISTRATION_SUBMITTED);
      saveSession({ token: answer.token, user: answer.user }, answer.role, answer.twoFactorSetupRequired === true);
      forgetPermissions();
      // No redirectTo: the login screen passes the `next` target to useLogin.
    },

    async logout() {
      if (getToken()) {
        // The session must end server side too; a failure still signs out locally.
        await api('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
      }
      clearSession();
      forgetPermissions();
    },

    async checkAuth() {
      // The layout guard redirects with `replace` and the `next` param, so
      // react-admin must neither redirect nor notify here.
      const token = getToken();
      if (!token) throw { redirectTo: false, message: false };
      // The token's own expiry (tokenExpired): past it, the session is over without asking the server.
      if (tokenExpired(token)) {
        endSession();
        throw { redirectTo: false, message: false };
      }
    },

    async checkError(error: unknown) {
      const status = errorStatus(error);
      if (status === 401) {
        // http.ts has already ended the session (full load of the sign-in page).
        endSession();
        throw { redirectTo: false, message: false };
      }
      if (status === 403) reportForbidden(error);
    },

    async getIdentity() {
      const identity = storedIdentity();
      if (!identity) throw new Error('Not signed in');
      return identity;
    },

    /** The menu entries and the API calls of the user (AdminPermissions). */
    async getPermissions() {
      return getAdminPermissions();
    },

    async canAccess({ resource }) {
      const def = resource ? resources.find(resource) : undefined;
      // Only declared screens are gated; the server stays the real guard.
      if (!def) return true;
      return allows(await getCategories(), def.path);
    },
  };
}

export const authProvider = createAuthProvider(productResources);
