import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp, type App } from '../../../core/server/app';
import { bearer, startHarness, type Harness } from '../../../../tests/api/harness';
import { runSql } from '../../../../tests/api/helpers';

// Two replicas on one database (PostgreSQL: each its own pool; PGlite: the one
// database, in-process): an import run by one that stops mid-way is handed
// back and finished by the other, after the last batch the first committed.
const ROLES = '/api/auth/roles';
let h: Harness;
let other: App;

beforeAll(async () => {
  h = await startHarness();
  other = await buildApp(h.config, { logger: false, ...(h.config.databaseUrl ? {} : { database: h.app.deps.database }) });
});
afterAll(async () => {
  await other?.close();
  await h?.close();
});

test(
  'a replica that stops mid-run hands the import back; another resumes it after the last committed batch',
  { timeout: 60_000 },
  async () => {
    const tag = `rep${Date.now().toString(36)}`;
    const total = 1200;
    const rows = Array.from({ length: total }, (_, i) => `{"name": "${tag} ${i}", "description": "replicas"}`).join('\n');
    const form = new FormData();
    form.append('file', new Blob([rows], { type: 'application/json' }), 'replicas.jsonl');
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const up = await other.inject({
      method: 'POST',
      url: `${ROLES}/imports`,
      headers: { 'content-type': req.headers.get('content-type')!, ...bearer(h.adminToken) },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().id as string;
    const run = await other.inject({
      method: 'POST',
      url: `${ROLES}/imports/${id}/run`,
      headers: bearer(h.adminToken),
      payload: { mode: 'commit', action: 'create', atomic: false },
    });
    expect(run.statusCode, run.body).toBe(202);
    const progress = async () => (await runSql(h, sql`SELECT state, rows_done FROM imports WHERE id = ${id}`))[0];
    // The replica that took it has committed a batch or more: it stops now.
    for (let i = 0; i < 600 && Number((await progress()).rows_done) < 200; i++) await new Promise((r) => setTimeout(r, 10));
    await other.close();
    const handedBack = await progress();
    expect(Number(handedBack.rows_done)).toBeLessThan(total);
    expect(Number(handedBack.rows_done) % 200).toBe(0);

    let s = await h.app.inject({ method: 'GET', url: `${ROLES}/imports/${id}`, headers: bearer(h.adminToken) });
    for (let i = 0; i < 400 && s.json().state !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      s = await h.app.inject({ method: 'GET', url: `${ROLES}/imports/${id}`, headers: bearer(h.adminToken) });
    }
    expect(s.json()).toMatchObject({ state: 'done', progress: { rows: total, total }, result: { created: total, failed: 0 } });
    // Every row once: none lost, none written twice.
    const [{ n }] = await runSql(h, sql`SELECT count(DISTINCT name)::int AS n FROM roles WHERE name LIKE ${`${tag} %`}`);
    const [{ all }] = await runSql(h, sql`SELECT count(*)::int AS all FROM roles WHERE name LIKE ${`${tag} %`}`);
    expect([n, all]).toEqual([total, total]);
  },
);
