import type { ServerFeature } from '../../../core/server/feature';
import { createImportRunner } from './runner';
import { importRoutes } from './routes';

/**
 * Imports: the routes every resource gets (`{api}/imports...`) and the
 * runner in this process (any replica runs any import; each runs in one).
 */
export const importsFeature: ServerFeature = {
  name: 'imports',
  async register(app, { resources, onStart }) {
    const runner = createImportRunner({ db: () => app.deps.database.db, storage: app.deps.storage, resources, log: app.log });
    await app.register(importRoutes(resources, runner));
    onStart(async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
};
