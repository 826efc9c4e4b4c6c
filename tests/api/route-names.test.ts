import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { resources } from '../../resources';
import { buildApp } from '../../src/core/server/app';
import { loadConfig } from '../../src/core/server/config';
import { gadgets } from '../fixtures/gadgets';

test('the server refuses to start when an admin path would take a public page', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-routes-'));
  try {
    const events = { ...gadgets, name: 'events', table: 'events', api: '/api/auth/events', path: '/events' };
    const config = { ...loadConfig({ DATA_DIR: dataDir }), inMemoryDb: true };
    await expect(buildApp(config, { logger: false, resources: [...resources, events] })).rejects.toThrow(
      'Resource declarations:\n- Resource "events": its admin path /events takes the public page /events.',
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
