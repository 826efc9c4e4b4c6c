import type { ServerFeature } from '../../../core/server/feature';
import { auditRoutes } from './routes';
import { auditPurger } from './purge';

/** The audit log's routes, and its retention purge once the app has started. */
export const auditFeature: ServerFeature = {
  name: 'audit',
  async register(app, { resources, onStart }) {
    await app.register(auditRoutes(resources));
    const purge = auditPurger(app);
    onStart(() => purge.start());
  },
};
