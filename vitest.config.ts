import { defineConfig } from 'vitest/config';
import { appDefines } from './build/defines.ts';
import { UNIT_TEST_TIMEOUT_MS } from './tests/unit/timeouts.ts';

// Three projects: unit (pure functions and React components in jsdom),
// api (the Fastify app through inject/real HTTP on PGlite or PostgreSQL),
// e2e (a real server and Debian's Chromium through Playwright). A feature
// folder keeps its own tests in tests/, named <what>.<project>.test.ts(x).
export default defineConfig({
  define: appDefines(),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/features/*/tests/**/*.unit.test.{ts,tsx}'],
          // jsdom costs seconds per file: the files that need a DOM say so in their first line.
          environment: 'node',
          testTimeout: UNIT_TEST_TIMEOUT_MS,
          // testing-library's waits end just before the test's timeout (tests/unit/setup.ts).
          setupFiles: ['tests/unit/setup.ts'],
        },
        esbuild: { jsx: 'automatic' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'src/features/*/tests/**/*.api.test.ts'],
          // One worker process runs every file, importing the server's modules once: a fresh process per file
          // cost more than most files' tests (20 small files: 126 s of CPU with a process each, 62 s in one).
          // Each file still gets a server and database of its own (harness.ts); nothing under src/core/server keeps
          // state in a module that one app could leave for the next (CONTRIBUTING, "Rules of the house").
          isolate: false,
          // Migrates and seeds once per run; every file clones that database.
          globalSetup: ['tests/api/template.setup.ts', 'tests/api/process/build.setup.ts'],
          environment: 'node',
          testTimeout: 30000,
          // A file's harness clones the template database and starts a server: seconds alone, over a minute
          // when every part of `npm test` runs beside it on a slow two-core host.
          hookTimeout: 180000,
        },
      },
      {
        extends: true,
        test: {
          // Three server processes behind HAProxy on one PostgreSQL database (needs DATABASE_URL).
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          // The compiled server the replicas run, and the front end they serve to the browser test (built here
          // unless CLUSTER_WEB_DIR names one).
          globalSetup: ['tests/api/process/build.setup.ts', 'tests/cluster/web.setup.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 120000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'src/features/*/tests/**/*.e2e.test.ts'],
          // The servers' databases start as copies of one migrated, seeded PGlite.
          globalSetup: ['tests/e2e/template.setup.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          fileParallelism: false,
          // Like the API project: one worker imports the server and Playwright once for every file.
          isolate: false,
          // A whole browser flow occasionally stalls on a busy two-core machine (seen once in the
          // sessions file, not reproduced in 8 reruns): one retry; a broken flow fails both times.
          retry: 1,
        },
      },
    ],
  },
});
