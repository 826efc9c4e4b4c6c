import type { ServerFeature } from '../../../core/server/feature';
import { myPermissionRoutes } from './routes';

/** The API calls the signed-in user may make, which the admin shows buttons for, and the access rules that limit them. */
export const permissionsFeature: ServerFeature = {
  name: 'permissions',
  async register(app, { resources }) {
    await app.register(myPermissionRoutes(resources));
  },
};
