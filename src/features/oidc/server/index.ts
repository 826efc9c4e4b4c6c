import type { ServerFeature } from '../../../core/server/feature';
import { oidcRoutes } from './routes';

/** Sign-in with an OpenID Provider (OIDC_ISSUER...): the redirect, the callback and the login page's exchange. */
export const oidcFeature: ServerFeature = {
  name: 'oidc',
  async register(app) {
    await app.register(oidcRoutes);
  },
};
