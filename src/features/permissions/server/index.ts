import { routesFeature } from '../../../core/server/feature';
import { myPermissionRoutes } from './routes';

/** The API calls the signed-in user may make, which the admin shows buttons for. */
export const permissionsFeature = routesFeature('permissions', myPermissionRoutes);
