import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { isDeepStrictEqual } from 'node:util';
import { productResources } from '../../resources/set';
import type { App } from '../../src/core/server/app';
import { crudOperations } from '../../src/core/shared/api/crud';

/**
 * The serialization step alone, in this process: the users' get and list
 * answers (real ones, fetched through the app) turned into text by the
 * serializer Fastify compiles from the response schema (fast-json-stringify,
 * Fastify's default compiler) and by JSON.stringify, in alternating batches,
 * so a busy machine slows both alike. Database and network do not blur it.
 */
export async function serializerOnly(app: App, token: string, batches = 40, perBatch = 2000) {
  const users = productResources.byName('users');
  const ops = crudOperations(users, (n) => productResources.find(n));
  const answer = async (url: string): Promise<unknown> => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    return res.json();
  };
  const list = await answer('/api/auth/users?page=1&limit=25');
  const one = (list as { data: { _id: string }[] }).data[0];
  const record = await answer(`/api/auth/users/${one._id}`);
  const compile = SerializerSelector()({}, {});
  const cases = [
    { name: 'get by id (one record)', payload: record, schema: ops.get.response[200], url: '/api/auth/users/:id' },
    { name: 'list page 1 (25 records)', payload: list, schema: ops.list.response[200], url: '/api/auth/users' },
  ];
  return cases.map((c) => {
    const fjs = compile({ schema: c.schema, method: 'GET', url: c.url, httpStatus: '200' });
    if (!isDeepStrictEqual(JSON.parse(fjs(c.payload)), c.payload)) throw new Error(`${c.name}: the schema serializer changes the answer`);
    let [tSchema, tJson] = [0, 0];
    let sink = 0;
    for (let b = 0; b < batches; b++) {
      const t0 = performance.now();
      for (let i = 0; i < perBatch; i++) sink += fjs(c.payload).length;
      const t1 = performance.now();
      for (let i = 0; i < perBatch; i++) sink += JSON.stringify(c.payload).length;
      tSchema += t1 - t0;
      tJson += performance.now() - t1;
    }
    const n = batches * perBatch;
    if (sink === 0) throw new Error('nothing serialized');
    return { name: c.name, bytes: JSON.stringify(c.payload).length, schemaUs: (tSchema / n) * 1000, jsonUs: (tJson / n) * 1000 };
  });
}
