import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The compiled server (scripts/build-server.mjs) the process tests start, built once per run. */
    serverBundle: string;
  }
}

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Builds the server the way `npm run build` does, into a folder of its own
 * two levels below the repository (as dist/server is), so that it finds
 * package.json and public/ as the real build does, and parallel runs do not
 * share it.
 */
export default function setup(project: TestProject): () => void {
  const dir = path.join(root, '.test-build', randomUUID());
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), dir], { stdio: 'inherit' });
  project.provide('serverBundle', path.join(dir, 'main.js'));
  return () => rmSync(dir, { recursive: true, force: true });
}
