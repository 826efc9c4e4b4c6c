import { routesFeature } from '../../../core/server/feature';
import { roleLinkRoutes } from './routes';

/** The permission matrix's saves: a role's API permissions or menu entries, replaced by one call. */
export const rolesFeature = routesFeature('roles', roleLinkRoutes);
