import { routesFeature } from '../../../server/feature';
import { notificationStreamRoutes } from './routes';

/** The notification stream (server-sent events) of the bell. */
export const notificationsFeature = routesFeature('notifications', notificationStreamRoutes);
