import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built front end the replicas serve (the browser test signs into the admin on one of them). */
    clusterWebDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Vitest global setup of the cluster project. `CLUSTER_WEB_DIR` names a front
 * end already built from this tree (`vite build`'s output); otherwise it is
 * built here, into a folder of this run's own (parallel runs do not share
 * it), and removed at the end. Without DATABASE_URL the cluster tests are
 * skipped and nothing is built.
 */
export default function setup(project: TestProject): () => void {
  const given = process.env.CLUSTER_WEB_DIR;
  if (given) {
    if (!existsSync(path.join(given, 'index.html')))
      throw new Error(`CLUSTER_WEB_DIR=${given} has no index.html: build the front end first`);
    project.provide('clusterWebDir', path.resolve(given));
    return () => undefined;
  }
  if (!process.env.DATABASE_URL) {
    project.provide('clusterWebDir', '');
    return () => undefined;
  }
  const dir = path.join(root, '.test-build', randomUUID(), 'web');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', dir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  project.provide('clusterWebDir', dir);
  return () => rmSync(path.dirname(dir), { recursive: true, force: true });
}
