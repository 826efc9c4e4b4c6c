import type { ServerFeature } from '../../../core/server/feature';
import { accessRuleRoutes } from './routes';

/** Access by field and by record: a role's rules, read and replaced through the API. */
export const accessRulesFeature: ServerFeature = {
  name: 'access-rules',
  async register(app, { resources }) {
    await app.register(accessRuleRoutes(resources));
  },
};
