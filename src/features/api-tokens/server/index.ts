import { routesFeature } from '../../../core/server/feature';
import { apiTokenRoutes } from './routes';

/** API tokens: one's own (create, list, revoke) and, under the rank rule, a user's (list, revoke). */
export const apiTokensFeature = routesFeature('api-tokens', apiTokenRoutes);
