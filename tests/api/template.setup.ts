import type { TestProject } from 'vitest/node';
import { createTemplate, type DbTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/** Vitest global setup of the API project: one seeded database for the whole run, cloned per test file. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createTemplate();
  project.provide('dbTemplate', template);
  return remove;
}
