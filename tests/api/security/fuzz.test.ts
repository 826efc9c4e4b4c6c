import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSession } from '../../../src/features/sign-in/server/login-response';
import { ADMIN_EMAIL, bearer, startHarness, type Harness } from '../harness';
import { answerWithin, call } from '../helpers';
import { operationsOf, requestsFor, type FuzzRequest, type Operation } from './fuzz-requests';

// Under a fuzz run, every hole the other security tests close stays closed.
// Requests are generated from the served OpenAPI document (every operation,
// anonymous and as a superadmin) with a fixed seed; FUZZ_SEED and FUZZ_RUNS
// change it.

const SEED = Number(process.env.FUZZ_SEED ?? 20241212);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2400);
/** Past this, a request counts as one the server never answers (the slowest fuzzed request takes well under a second). */
const NO_ANSWER_MS = 10_000;
const STACK_TRACE = /\n\s+at \S|\bat [^\s()]+ \([^)]*:\d+:\d+\)|node_modules|"stack"|Failed query/;

let h: Harness;
let ops: Operation[];
let ids: string[];
let adminId: string;
beforeAll(async () => {
  h = await startHarness();
  const doc = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
  ops = operationsOf(doc.json());

  // Real ids (and an invite token) so that generated requests reach past "not found".
  const admin = { token: h.adminToken };
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  await call(h, 'POST', '/api/auth/experiences', {
    ...admin,
    body: { title: 'Fuzzed', images: [{ operation: 'create', imageData: `data:image/png;base64,${png.toString('base64')}` }] },
  });
  await call(h, 'POST', '/api/auth/reinitiate-permissions/', admin);
  const invite = (await call(h, 'POST', '/api/auth/invites', { ...admin, body: {} })).json();
  ids = [invite._id, invite.token];
  for (const list of ['users', 'roles', 'permissions', 'client-permissions', 'user-roles', 'experiences', 'notifications']) {
    const res = await call(h, 'GET', `/api/auth/${list}?limit=5`, admin);
    for (const r of res.json().data as { _id: string; slug?: string; images?: { id: string }[] }[]) {
      ids.push(r._id);
      if (r.slug) ids.push(r.slug);
      for (const img of r.images ?? []) ids.push(img.id);
    }
  }
  adminId = (await call(h, 'GET', `/api/auth/users?q=${ADMIN_EMAIL}`, admin)).json().data[0]._id;
});
afterAll(async () => h?.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  test(`${RUNS}+ generated requests, anonymous and as a superadmin (seed ${SEED}): no 5xx, no stack trace, access rule intact`, async () => {
    expect(ops.length).toBeGreaterThan(50);
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();

    // Every operation gets the same share, half of it anonymous.
    const perOp = Math.ceil(RUNS / ops.length / 2);
    const plan: { req: FuzzRequest; asAdmin: boolean }[] = [];
    ops.forEach((op, i) => {
      const reqs = fc.sample(requestsFor(op, ids), { seed: SEED + i, numRuns: perOp * 2 });
      reqs.forEach((req, j) => plan.push({ req, asAdmin: j % 2 === 1 }));
    });
    // Operations interleaved, in an order fixed by the seed.
    const order = fc.sample(fc.shuffledSubarray(plan, { minLength: plan.length }), { seed: SEED, numRuns: 1 })[0];

    let token = h.adminToken;
    const failures: string[] = [];
    const counts = { total: 0, anonymous: 0, superadmin: 0 };
    const statuses: Record<'anonymous' | 'superadmin', Record<number, number>> = { anonymous: {}, superadmin: {} };
    for (const { req, asAdmin } of order) {
      const headers = { ...req.headers, ...(asAdmin ? bearer(token) : {}) };
      const started = Date.now();
      const res = await answerWithin(
        h.app.inject({ method: req.method as 'GET', url: req.url, headers, payload: req.payload }),
        NO_ANSWER_MS,
      );
      // A request left without an answer holds its connection for ever: said at once, with the request that did it.
      if (!res) {
        failures.push(`no answer in ${NO_ANSWER_MS / 1000} s: ${asAdmin ? 'superadmin' : 'anonymous'} ${req.note}`);
        break;
      }
      if (process.env.FUZZ_SLOW && Date.now() - started > Number(process.env.FUZZ_SLOW))
        console.log(`${Date.now() - started} ms ${res.statusCode} ${asAdmin ? 'superadmin' : 'anonymous'} ${req.note.slice(0, 200)}`);
      counts.total++;
      counts[asAdmin ? 'superadmin' : 'anonymous']++;
      const seen = statuses[asAdmin ? 'superadmin' : 'anonymous'];
      seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500 || STACK_TRACE.test(res.body)) {
        failures.push(`${res.statusCode} ${asAdmin ? 'superadmin' : 'anonymous'} ${req.note}\n    -> ${res.body.slice(0, 300)}`);
      }
      // Signing out (or a generated change) may end the superadmin's session: start another, as a login would.
      if (asAdmin && res.statusCode === 401) {
        token = (
          await startSession(h.app.deps.database.db, h.app.deps.jwtSecret, 3600, {
            id: adminId,
            name: 'A',
            email: ADMIN_EMAIL,
            image: null,
          })
        ).token;
      }
    }

    console.log(`fuzz (seed ${SEED}): ${counts.total} requests; answers ${JSON.stringify(statuses)}`);
    expect(
      failures,
      `${failures.length} of ${counts.total} requests failed (seed ${SEED}; rerun with FUZZ_SEED=${SEED}):\n${failures.slice(0, 25).join('\n')}`,
    ).toEqual([]);
    expect(counts.total).toBeGreaterThanOrEqual(2000);
    expect(counts.anonymous).toBe(counts.superadmin);

    // The server is alive and the access rule unchanged.
    expect((await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const anonymous = await h.app.inject({ method: 'GET', url: '/api/auth/users' });
    expect(anonymous.statusCode).toBe(401);
    expect(({} as Record<string, unknown>).access).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
  }, 120_000);
});
