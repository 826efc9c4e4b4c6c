import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, startHarness, type Harness } from '../../../../tests/api/harness';
import { call } from '../../../../tests/api/helpers';
import { startS3, STORAGE_DRIVERS, type S3Server } from '../../../../tests/api/s3';

const ROLES = '/api/auth/roles';

describe.each(STORAGE_DRIVERS)('an import’s file on %s storage', (driver) => {
  let h: Harness;
  let s3: S3Server | undefined;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3();
    h = await startHarness(s3?.env);
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  const stored = async () =>
    (s3 ? await s3.keys() : (await readdir(path.join(h.config.dataDir, 'uploads'), { recursive: true })).map(String)).filter((k) =>
      /^private[/\\]imports[/\\].+\.csv$/.test(k),
    );

  async function upload(name: string, data: string) {
    const form = new FormData();
    form.append('file', new Blob([data], { type: 'text/csv' }), name);
    const req = new Request('http://localhost/', { method: 'POST', body: form });
    return h.app.inject({
      method: 'POST',
      url: `${ROLES}/imports`,
      headers: { 'content-type': req.headers.get('content-type')!, ...bearer(h.adminToken) },
      payload: Buffer.from(await req.arrayBuffer()),
    });
  }

  test('a file larger than one part is streamed in, kept, never served under /uploads/, and imported from there', async () => {
    const before = (await stored()).length;
    // About 9 MB: more than one 8 MB part of an S3 multipart upload.
    const rows = Array.from({ length: 90_000 }, (_, i) => `Bulk role ${i},${'x'.repeat(80)}`);
    const big = await upload('big.csv', `name,description\n${rows.join('\n')}\n`);
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json()).toMatchObject({ rows: 90_000, mapping: { name: 'name', description: 'description' } });
    const keys = await stored();
    expect(keys.length).toBe(before + 1);
    const key = keys
      .find((k) => k.endsWith('.csv'))!
      .split(path.sep)
      .join('/');
    const served = await h.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(served.statusCode).toBe(404);

    const tag = `st${driver}${Date.now().toString(36)}`;
    const small = await upload('small.csv', `name,description\n${tag} a,A\n${tag} b,B\n`);
    const id = small.json().id;
    expect(
      (
        await call(h, 'POST', `${ROLES}/imports/${id}/run`, {
          token: h.adminToken,
          body: { mode: 'commit', action: 'create', atomic: false },
        })
      ).statusCode,
    ).toBe(202);
    let state = '';
    for (let i = 0; i < 400 && !['done', 'failed'].includes(state); i++) {
      await new Promise((r) => setTimeout(r, 25));
      state = (await call(h, 'GET', `${ROLES}/imports/${id}`, { token: h.adminToken })).json().state;
    }
    const s = (await call(h, 'GET', `${ROLES}/imports/${id}`, { token: h.adminToken })).json();
    expect(s).toMatchObject({ state: 'done', result: { created: 2, failed: 0 } });
  });
});
