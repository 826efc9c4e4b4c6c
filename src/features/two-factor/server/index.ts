import { routesFeature } from '../../../core/server/feature';
import { twoFactorRoutes } from './routes';

/** Two-factor sign-in: set-up, the sign-in step, recovery codes, an admin's reset. */
export const twoFactorFeature = routesFeature('two-factor', twoFactorRoutes);
