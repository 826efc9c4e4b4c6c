import type { ServerFeature } from '../../../core/server/feature';
import { authRoutes } from './routes';
import { googleRoutes } from './google';

/** Sign-in with a password or a Google account, sign-out, the password reset by mail. */
export const signInFeature: ServerFeature = {
  name: 'sign-in',
  async register(app) {
    await app.register(authRoutes);
    await app.register(googleRoutes);
  },
};
