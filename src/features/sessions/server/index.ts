import { routesFeature } from '../../../core/server/feature';
import { sessionRoutes } from './routes';

/** One's own sessions and, under the rank rule, another user's: list and end. */
export const sessionsFeature = routesFeature('sessions', sessionRoutes);
