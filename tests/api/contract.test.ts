import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { resources } from '../../resources';
import type { ResourceDef } from '../../src/core/shared/resource';
import { gadgets } from '../fixtures/gadgets';
import { ddlFor } from '../fixtures/resource-ddl';
import { contractChecker } from './contract-check';
import { bearer, startHarness, type Harness } from './harness';
import { call, createUser } from './helpers';

// A resource whose list shows its owner with a column that is no declared
// field of users: the stored password hash. The server reads it (the
// declaration asks for it), and the record schema, built from the
// declarations, leaves it out of every answer.
const lockers: ResourceDef = {
  ...gadgets,
  name: 'lockers',
  table: 'lockers',
  api: '/api/auth/lockers',
  path: '/lockers',
  menu: { ...gadgets.menu!, name: 'Lockers' },
  fields: { ...gadgets.fields, owner: { type: 'ref', ref: 'users', populate: ['name', 'passwordHash'], column: 'owner_id' } },
};

let h: Harness;
beforeAll(async () => {
  const ddl = await ddlFor([lockers]);
  h = await startHarness(
    {},
    {
      fresh: true,
      resources: [...resources, lockers],
      prepareDatabase: async ({ db }) => {
        for (const statement of ddl) await db.execute(sql.raw(statement));
      },
    },
  );
});
afterAll(async () => {
  await h?.close();
});

interface Doc {
  paths: Record<string, Record<string, Record<string, unknown> & { responses: Record<string, { content?: unknown; headers?: object }> }>>;
}

describe('the OpenAPI document', () => {
  test('every operation has an id, a summary, tags, security, a success body (or redirect) and the errors every route can give', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ at: `${m} ${path}`, op })),
    );
    expect(ops.length).toBeGreaterThan(50);
    const ids = new Set<unknown>();
    for (const { at, op } of ops) {
      expect(op.operationId, at).toEqual(expect.any(String));
      ids.add(op.operationId);
      expect(op.summary, at).toEqual(expect.any(String));
      expect(op.tags, at).toEqual([expect.any(String)]);
      expect(op.security, at).toBeInstanceOf(Array);
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      // A browser navigation (the OpenID Connect redirects) succeeds with a 302 and its Location, no body.
      const redirects = Object.keys(op.responses).filter((s) => s.startsWith('3'));
      for (const s of redirects) expect(op.responses[s].headers, `${at} ${s}`).toHaveProperty('Location');
      expect(success.length + redirects.length, at).toBeGreaterThan(0);
      // A schema for every media type of the success: JSON, or what the operation names (CSV export, the notification event stream).
      for (const s of success) {
        const content = (op.responses[s].content ?? {}) as Record<string, { schema?: unknown }>;
        const types = Object.keys(content);
        expect(types.length, `${at} ${s}`).toBeGreaterThan(0);
        for (const t of types) expect(content[t], `${at} ${s} ${t}`).toHaveProperty('schema');
      }
      for (const s of ['400', '500', '503']) expect(op.responses, at).toHaveProperty(s);
      // Readiness answers its own 503 (which parts fail); every other route's says when to come back.
      if (op.operationId !== 'ready') expect(op.responses['503'].headers, at).toHaveProperty('Retry-After');
      if ((op.security as unknown[]).length) expect(op.responses, at).toHaveProperty('401');
    }
    expect(ids.size).toBe(ops.length);
  });

  test('the checker the harness runs on every answer refuses what the document does not describe', async () => {
    const checker = await contractChecker(h.app);
    const answer = (statusCode: number, body: unknown) =>
      ({
        statusCode,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(body),
      }) as unknown as LightMyRequestResponse;
    const real = await call(h, 'GET', '/api/auth/my-profile', { token: h.adminToken });
    expect(checker.check('GET', '/api/auth/my-profile', real)).toBeNull();
    // A profile without its e-mail, a status the route never gives, an error of another shape.
    const { email: _email, ...partial } = real.json() as Record<string, unknown>;
    expect(checker.check('GET', '/api/auth/my-profile', answer(200, partial))).toMatch(/getMyProfile.*email/);
    expect(checker.check('GET', '/api/auth/my-profile', answer(418, {}))).toMatch(/status not declared/);
    expect(checker.check('GET', '/api/auth/my-profile', answer(401, { message: 'no' }))).toMatch(/does not match the schema/);
    expect(checker.check('GET', '/api/auth/users', answer(200, { data: [], total: '10000+', page: 1, pages: 1 }))).toMatch(/listUsers/);
    // The event stream: its declared media type passes, a JSON 200 there does not; its refusals are JSON error bodies.
    const stream = '/api/auth/notifications/stream';
    const sse = { statusCode: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' }, body: '' };
    expect(checker.check('GET', stream, sse)).toBeNull();
    expect(checker.check('GET', stream, answer(200, { unread: 1 }))).toMatch(
      /streamMyNotifications.*content type "application\/json" not declared/,
    );
    expect(checker.check('GET', stream, answer(401, { error: 'Unauthorized' }))).toBeNull();
  });
});

describe('answers are serialized through the schemas', () => {
  test('a stored hash the server read for a populated owner never leaves it', async () => {
    const owner = await createUser(h, { name: 'Hash Holder' });
    const created = await call(h, 'POST', lockers.api, { token: h.adminToken, body: { name: 'Locker 1', owner: owner._id } });
    expect(created.statusCode).toBe(201);
    expect(created.json().owner).toEqual({ _id: owner._id, name: 'Hash Holder' });
    const list = await call(h, 'GET', `${lockers.api}?q=Locker`, { token: h.adminToken });
    expect(list.json().data[0].owner).toEqual({ _id: owner._id, name: 'Hash Holder' });
    expect(list.body).not.toMatch(/argon2|passwordHash/);
  });

  test('errors of every kind have the declared shape', async () => {
    const plain = await createUser(h, {});
    const plainToken = await h.login(plain.email, plain.password);
    const expectError = (res: LightMyRequestResponse, status: number) => {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error: expect.any(String), ...(res.json().fields ? { fields: expect.any(Object) } : {}) });
    };
    expectError(await call(h, 'POST', '/api/auth/users', { token: h.adminToken, body: { email: 'x' } }), 400);
    expectError(await call(h, 'GET', '/api/auth/users'), 401);
    expectError(await call(h, 'GET', '/api/auth/users', { token: plainToken }), 403);
    expectError(await call(h, 'GET', `/api/auth/users/${crypto.randomUUID()}`, { token: h.adminToken }), 404);
    expectError(
      await call(h, 'POST', '/api/auth/users', { token: h.adminToken, body: { name: 'Dup', email: plain.email, password: 'secret1' } }),
      409,
    );
    const big = await h.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: { ...bearer(h.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expectError(big, 413);
    const text = await h.app.inject({
      method: 'POST',
      url: '/api/auth/users',
      headers: { ...bearer(h.adminToken), 'content-type': 'application/xml' },
      payload: '<user><name>x</name></user>',
    });
    expectError(text, 415);
  });
});

describe('lists by ids (getMany)', () => {
  test('?ids= returns exactly those records; a malformed or too long list is a 400', async () => {
    const a = await createUser(h, {});
    const b = await createUser(h, {});
    await createUser(h, {});
    const res = await call(h, 'GET', `/api/auth/users?ids=${a._id},${b._id}`, { token: h.adminToken });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((u: { _id: string }) => u._id)
        .sort(),
    ).toEqual([a._id, b._id].sort());
    expect(res.json()).toMatchObject({ total: 2, totalExact: true });
    expect((await call(h, 'GET', `/api/auth/users?ids=${a._id},not-an-id`, { token: h.adminToken })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 201 }, () => a._id).join(',');
    expect((await call(h, 'GET', `/api/auth/users?ids=${tooMany}`, { token: h.adminToken })).statusCode).toBe(400);
  });
});
