import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, startHarness, type Harness } from '../../../../tests/api/harness';
import { call, runSql } from '../../../../tests/api/helpers';
import { startS3, STORAGE_DRIVERS, type S3Server } from '../../../../tests/api/s3';
import { purgeImports } from '../server/purge';

// Its own server: an import is left 'running' here, which would hold the one
// running import the admin may have on roles for any other test.
const ROLES = '/api/auth/roles';
const DAYS = 30;

describe.each(STORAGE_DRIVERS)('imports on %s storage', (driver) => {
  let h: Harness;
  let s3: S3Server | undefined;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3();
    h = await startHarness({ ...s3?.env, IMPORT_RETENTION_DAYS: String(DAYS) });
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  async function upload(name: string, data: string): Promise<{ id: string; key: string }> {
    const form = new FormData();
    form.append('file', new Blob([data], { type: 'text/csv' }), name);
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await h.app.inject({
      method: 'POST',
      url: `${ROLES}/imports?confirm=true`,
      headers: { 'content-type': req.headers.get('content-type')!, ...bearer(h.adminToken) },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const [row] = await runSql(h, sql`SELECT file_key FROM imports WHERE id = ${id}`);
    return { id, key: String(row.file_key) };
  }

  /** A dry run, waited for: it leaves the import done, with an error row for each failed line. */
  async function dryRun(id: string): Promise<void> {
    const res = await call(h, 'POST', `${ROLES}/imports/${id}/run`, {
      token: h.adminToken,
      body: { mode: 'dry-run', action: 'create', atomic: false },
    });
    expect(res.statusCode, res.body).toBe(202);
    for (let i = 0; i < 600; i++) {
      const [row] = await runSql(h, sql`SELECT state FROM imports WHERE id = ${id}`);
      if (row.state === 'done') return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${id} did not end`);
  }

  const age = (ids: string[], days: number) =>
    runSql(
      h,
      sql`UPDATE imports SET created_at = now() - make_interval(days => ${days}::int), updated_at = now() - make_interval(days => ${days}::int)
           WHERE id IN (${sql.join(
             ids.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
    );
  const exists = async (id: string) => (await runSql(h, sql`SELECT 1 FROM imports WHERE id = ${id}`)).length > 0;
  const errorRows = async (id: string) =>
    Number((await runSql(h, sql`SELECT count(*)::int AS n FROM import_errors WHERE import_id = ${id}`))[0].n);
  const stored = async (key: string) => (await h.app.deps.storage.read(key)) !== null;

  test('imports finished or never run past the retention go with their errors and file; recent and running ones stay', async () => {
    const tag = `purge${Date.now().toString(36)}`;
    // A line without a name fails: the dry run stores its error.
    const csv = (n: string) => `name,description\n${tag} ${n},kept or not\n,no name\n`;
    const finished = await upload('finished.csv', csv('a'));
    await dryRun(finished.id);
    const recent = await upload('recent.csv', csv('b'));
    await dryRun(recent.id);
    const neverRun = await upload('never-run.csv', csv('c'));
    const cancelled = await upload('cancelled.csv', csv('d'));
    await runSql(h, sql`UPDATE imports SET state = 'cancelled' WHERE id = ${cancelled.id}`);
    // Held by a live process (its lease runs an hour more), however long ago it started.
    const running = await upload('running.csv', csv('e'));
    await runSql(h, sql`UPDATE imports SET state = 'running', locked_until = now() + interval '1 hour' WHERE id = ${running.id}`);
    expect(await errorRows(finished.id)).toBeGreaterThan(0);

    await age([finished.id, neverRun.id, cancelled.id, running.id], DAYS + 1);
    await age([recent.id], DAYS - 1);
    // A file already gone (a purge that stopped half-way, a hand-tidied bucket) is no obstacle.
    await h.app.deps.storage.remove(neverRun.key);

    // The runner purges hourly from its poll; called here rather than waited for (another call may have come first: both are safe).
    const purged = await purgeImports(h.app.deps.database, h.app.deps.storage, DAYS);
    expect(purged).toBeLessThanOrEqual(3);

    for (const gone of [finished, neverRun, cancelled]) {
      expect(await exists(gone.id)).toBe(false);
      expect(await stored(gone.key)).toBe(false);
    }
    expect(await errorRows(finished.id)).toBe(0);
    for (const kept of [recent, running]) {
      expect(await exists(kept.id)).toBe(true);
      expect(await stored(kept.key)).toBe(true);
    }
    expect(await errorRows(recent.id)).toBeGreaterThan(0);
    const status = await call(h, 'GET', `${ROLES}/imports/${finished.id}`, { token: h.adminToken });
    expect(status.statusCode).toBe(404);

    // Nothing left past the retention: a second purge (another replica's) finds nothing.
    expect(await purgeImports(h.app.deps.database, h.app.deps.storage, DAYS)).toBe(0);
  });
});
