import type { ServerFeature } from '../../../core/server/feature';
import { searchRoutes } from './routes';

/** One search over every list the caller may read, interface texts and their menu. */
export const searchFeature: ServerFeature = {
  name: 'search',
  async register(app, { resources }) {
    await app.register(searchRoutes(resources));
  },
};
