import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Type } from '../../src/core/shared/api/schema';
import type { ServerFeature } from '../../src/core/server/feature';
import { productFeatures } from '../../src/core/server/features';
import { operation } from '../../src/core/shared/api/operation';
import { startHarness, type Harness } from './harness';
import { call } from './helpers';

// A feature registers itself: its routes, hooks and start-up work come from
// its own `register`, and buildApp only lists it. A fixture feature added to
// the product's list is served like any other, its route gets a permission
// record, and its seed runs before its job.
const events: string[] = [];
const pingOperation = operation({
  operationId: 'fixturePing',
  summary: 'A fixture feature answers',
  tags: ['fixture'],
  response: { 200: Type.Object({ pong: Type.Literal(true), seeded: Type.Boolean() }, { additionalProperties: false }) },
});
const fixture: ServerFeature = {
  name: 'fixture',
  async register(app, { onSeed, onStart }) {
    app.get('/api/auth/fixture-ping', { schema: pingOperation }, async () => ({ pong: true as const, seeded: events.includes('seed') }));
    onSeed(async () => void events.push('seed'));
    onStart(async () => void events.push('start'));
  },
};

let h: Harness;
beforeAll(async () => {
  // Before the built front end, which answers every path left.
  const features = [...productFeatures];
  features.splice(features.length - 1, 0, fixture);
  h = await startHarness({}, { features });
});
afterAll(async () => {
  await h?.close();
});

describe('a feature added to the list', () => {
  test('ran its seed, then its job, while the app started', () => {
    expect(events).toEqual(['seed', 'start']);
  });

  test('serves its route under the permission rules of every route', async () => {
    expect((await call(h, 'GET', '/api/auth/fixture-ping')).statusCode).toBe(401);
    const res = await call(h, 'GET', '/api/auth/fixture-ping', { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pong: true, seeded: true });
  });

  test('has a permission record once permissions are reinitiated, and is in the API document', async () => {
    await call(h, 'POST', '/api/auth/reinitiate-permissions', { token: h.adminToken });
    const perms = await call(h, 'GET', '/api/auth/permissions?limit=1000&q=fixture-ping', { token: h.adminToken });
    expect(perms.json().data.map((p: { method: string; route: string }) => `${p.method} ${p.route}`)).toEqual([
      'GET /api/auth/fixture-ping',
    ]);
    const doc = (await call(h, 'GET', '/api/docs/json')).json();
    expect(doc.paths['/api/auth/fixture-ping'].get.operationId).toBe('fixturePing');
  });
});

describe("the product's features", () => {
  test('are each listed once, by name', () => {
    const names = productFeatures.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['sign-in', 'invites', 'audit', 'translations', 'experiences', 'generic CRUD', 'web']));
    // The generic routes come after every feature's own, the front end last.
    expect(names.indexOf('generic CRUD')).toBeGreaterThan(names.indexOf('experiences'));
    expect(names.at(-1)).toBe('web');
  });
});
