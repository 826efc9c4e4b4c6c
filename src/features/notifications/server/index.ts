import type { ServerFeature } from '../../../core/server/feature';
import { notificationListRoutes } from './list';
import { notificationStreamRoutes } from './routes';

/** The signed-in user's notifications: the list and mark-read routes, and the bell's live stream (server-sent events). */
export const notificationsFeature: ServerFeature = {
  name: 'notifications',
  async register(app) {
    await app.register(notificationListRoutes);
    await app.register(notificationStreamRoutes);
  },
};
