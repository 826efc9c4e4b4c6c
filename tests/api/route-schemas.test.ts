import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lazySchemaCompilers } from '../../src/core/server/app-parts/lazy-schemas';
import { startHarness, type Harness } from './harness';

// The product's options (src/core/server/app-parts/fastify.ts), with Fastify's eager compilers or the lazy ones.
const ajv = {
  customOptions: { allErrors: true, removeAdditional: true, coerceTypes: 'array' as const, useDefaults: true, strictNumbers: true },
};

function appWith(lazy: boolean): FastifyInstance {
  const app = Fastify({ ajv, ...(lazy ? { schemaController: { compilersFactory: lazySchemaCompilers().compilersFactory } } : {}) });
  app.post(
    '/people/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        querystring: {
          type: 'object',
          properties: { tags: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer', default: 25 } },
        },
        body: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1 }, age: { type: 'number' } },
          required: ['name'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              name: { type: 'string' },
              limit: { type: 'integer' },
              tags: { type: 'array', items: { type: 'string' } },
            },
          },
        },
      },
    },
    async (req) => ({ ...(req.params as object), ...(req.body as object), ...(req.query as object), secret: 'never serialized' }),
  );
  app.put('/count', { schema: { body: { type: 'integer' } } }, async (req) => ({ count: req.body }));
  return app;
}

const requests = [
  { method: 'POST', url: '/people/7?tags=a', payload: { name: 'Maria', age: 41, extra: 'dropped' } },
  { method: 'POST', url: '/people/7?limit=3&tags=a&tags=b', payload: { name: 'Νίκος' } },
  { method: 'POST', url: '/people/seven', payload: { name: 'Maria' } },
  { method: 'POST', url: '/people/7?limit=many', payload: { name: '', age: 'old' } },
  { method: 'POST', url: '/people/7', payload: { age: Number.NaN } },
  { method: 'PUT', url: '/count', payload: '12', headers: { 'content-type': 'application/json' } },
  { method: 'PUT', url: '/count', payload: '"12"', headers: { 'content-type': 'application/json' } },
  { method: 'PUT', url: '/count', payload: '"twelve"', headers: { 'content-type': 'application/json' } },
] as const;

describe('route schemas compiled on first use', () => {
  test('validate, coerce, default and serialize exactly as Fastify compiling them at start', async () => {
    const eager = appWith(false);
    const lazy = appWith(true);
    try {
      const answers = async (app: FastifyInstance) => {
        const out = [];
        // Twice each: the first call compiles, the second uses what it compiled.
        for (const r of [...requests, ...requests]) {
          const res = await app.inject(r);
          out.push({ status: res.statusCode, body: res.json() as unknown });
        }
        return out;
      };
      const expected = await answers(eager);
      expect(expected.map((a) => a.status)).toEqual([200, 200, 400, 400, 400, 200, 200, 400, 200, 200, 400, 400, 400, 200, 200, 400]);
      expect(expected[0]!.body).toEqual({ id: 7, name: 'Maria', limit: 25, tags: ['a'] });
      expect(await answers(lazy)).toEqual(expected);
    } finally {
      await Promise.all([eager.close(), lazy.close()]);
    }
  });

  test('a request headers schema is refused at start (Fastify would no longer lower-case its names)', async () => {
    const app = Fastify({ ajv, schemaController: { compilersFactory: lazySchemaCompilers().compilersFactory } });
    app.get('/h', { schema: { headers: { type: 'object', required: ['X-Trace'] } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow('GET /h: request headers are not validated by a schema here');
    await app.close();
  });
});

describe("the product's routes", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  }, 300_000);
  afterAll(async () => {
    await h?.close();
  });

  test('every schema compiles (as it would on its first request)', () => {
    expect(() => h.app.compileSchemas()).not.toThrow();
  });
});
