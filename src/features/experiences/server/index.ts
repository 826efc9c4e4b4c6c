import { routesFeature } from '../../../core/server/feature';
import { experienceRoutes } from './routes';

/** Experiences' images, public pages and editor routes beside the generic ones. */
export const experiencesFeature = routesFeature('experiences', experienceRoutes);
