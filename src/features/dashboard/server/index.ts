import type { ServerFeature } from '../../../core/server/feature';
import { dashboardRoutes } from './routes';

/** The admin home's one request; it counts every declaration the app serves. */
export const dashboardFeature: ServerFeature = {
  name: 'dashboard',
  async register(app, { resources }) {
    await app.register(dashboardRoutes(resources));
  },
};
