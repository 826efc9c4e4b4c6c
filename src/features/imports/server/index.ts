import type { ServerFeature } from '../../../core/server/feature';
import { createImportRunner } from './runner';
import { importRoutes } from './routes';

/**
 * Imports: the routes every resource gets (`{api}/imports...`) and the
 * runner in this process (any replica runs any import; each runs in one),
 * which also purges imports past IMPORT_RETENTION_DAYS.
 */
export const importsFeature: ServerFeature = {
  name: 'imports',
  async register(app, { resources, onStart }) {
    const runner = createImportRunner({
      db: () => app.deps.database.db,
      database: app.deps.database,
      storage: app.deps.storage,
      resources,
      log: app.log,
      retentionDays: app.deps.config.importRetentionDays,
    });
    await app.register(importRoutes(resources, runner));
    onStart(async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
};
