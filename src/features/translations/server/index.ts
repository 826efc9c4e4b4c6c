import path from 'node:path';
import type { ServerFeature } from '../../../core/server/feature';
import { appRoot } from '../../../core/server/app-root';
import { translationRoutes } from './routes';
import { seedTranslations } from './store';

/** The translations editor's routes; at start, the shipped files' keys into the table. */
export const translationsFeature: ServerFeature = {
  name: 'translations',
  async register(app, { onSeed }) {
    await app.register(translationRoutes);
    onSeed(() => seedTranslations(app.deps.database.db, path.join(appRoot, 'public/locales')));
  },
};
