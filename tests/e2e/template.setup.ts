import type { TestProject } from 'vitest/node';
import { createTemplate, type DbTemplate } from '../api/template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/** Vitest global setup of the e2e project: one migrated, seeded PGlite data directory, copied by every server (tests/e2e/server.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createTemplate({ pglite: true });
  project.provide('dbTemplate', template);
  return remove;
}
