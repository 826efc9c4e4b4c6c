import { routesFeature } from '../../../core/server/feature';
import { meRoutes } from './routes';

/** What a signed-in user reads and changes about themself: their menu entries and their profile. */
export const accountFeature = routesFeature('account', meRoutes);
