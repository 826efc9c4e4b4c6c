import { routesFeature } from '../../../core/server/feature';
import { inviteRoutes } from './routes';

/** Invitations: create, list, decide; the public registration. */
export const invitesFeature = routesFeature('invites', inviteRoutes);
