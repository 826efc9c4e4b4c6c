import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, type DbTemplate } from '../api/template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/** Vitest global setup of the e2e project: one migrated, seeded PGlite data directory, copied by every server (tests/e2e/server.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Without a built front end every page would time out one by one; say so once instead.
  const web = process.env.E2E_WEB_DIR ?? path.resolve('dist/web');
  if (!existsSync(path.join(web, 'index.html'))) throw new Error(`No built front end in ${web}: run \`npx vite build\` first.`);
  const { template, remove } = await createTemplate({ pglite: true });
  project.provide('dbTemplate', template);
  return remove;
}
