// `npm run bench:cluster`: requests per second of get-by-id
// (GET /api/auth/users/:id, signed in) through HAProxy, with 1 and with 2
// replicas, in one run. Needs DATABASE_URL (a PostgreSQL server) and Redis at
// 127.0.0.1:6379 (or REDIS_URL). Options: --duration seconds (10), --connections (20).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startCluster } from '../tests/cluster/cluster';
import { cannon } from './api/cannon';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '20' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
if (!process.env.DATABASE_URL) {
  console.error('bench:cluster needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}

async function measure(replicas: number) {
  const cluster = await startCluster({
    replicas,
    env: { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: `bench-${randomUUID()}:` },
  });
  try {
    const res = await fetch(cluster.url + '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { token, user } = (await res.json()) as { token: string; user: { _id: string } };
    const headers = { authorization: `Bearer ${token}` };
    // Warm-up: every replica has prepared its statements and cached the session.
    await cannon({ url: cluster.url, duration: 2, connections, requests: [{ path: `/api/auth/users/${user._id}` }], headers });
    return await cannon({ url: cluster.url, duration, connections, requests: [{ path: `/api/auth/users/${user._id}` }], headers });
  } finally {
    await cluster.close();
  }
}

const rows: string[] = [];
for (const n of [1, 2]) {
  const r = await measure(n);
  rows.push(
    `${n} replica${n > 1 ? 's' : ' '} | ${r.requests.toFixed(0).padStart(7)} req/s | p50 ${r.p50} ms | p99 ${r.p99} ms | non-2xx ${r.non2xx} | errors ${r.errors}`,
  );
}
console.log(`\nget-by-id through HAProxy, ${connections} connections, ${duration} s each (${new Date().toISOString()})`);
for (const row of rows) console.log(row);
