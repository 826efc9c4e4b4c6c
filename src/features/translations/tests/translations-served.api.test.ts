import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../core/server/app';
import { openDatabase } from '../../../core/server/db/client';
import { call } from '../../../../tests/api/helpers';
import { startHarness, type Harness } from '../../../../tests/api/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const URL_EL = '/locales/el/translations.json';
const shippedEl = JSON.parse(readFileSync(path.resolve('public/locales/el/translations.json'), 'utf8')) as Record<string, unknown>;

async function setText(harness: Harness, key: string, value: string) {
  const tr = (body: unknown, method: 'POST' | 'PUT' = 'POST') =>
    call(harness, method, '/api/auth/translations', { token: harness.adminToken, body });
  const entries = (await tr({ lang: 'el' })).json().translation.data.entries as Record<string, string>;
  expect((await tr({ lang: 'el', data: { entries: { ...entries, [key]: value } } }, 'PUT')).statusCode).toBe(200);
}

const generate = (harness: Harness) =>
  call(harness, 'POST', '/api/auth/translations', { token: harness.adminToken, body: { generate_files: true } });

describe('/locales/{lng}/translations.json', () => {
  it('serves the shipped file until Generate, with an ETag browsers revalidate (304 while unchanged)', async () => {
    const res = await h.app.inject({ method: 'GET', url: URL_EL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual(shippedEl);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await h.app.inject({ method: 'GET', url: URL_EL, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
  });

  it('serves what Generate stored: saved texts appear only after Generate, under a new ETag', async () => {
    const before = await h.app.inject({ method: 'GET', url: URL_EL });
    await setText(h, 'app.generated_probe', 'Πρώτη εκδοχή');
    const saved = await h.app.inject({ method: 'GET', url: URL_EL, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(saved.statusCode).toBe(304); // saved, not generated: browsers keep what they have

    expect((await generate(h)).statusCode).toBe(200);
    const generated = await h.app.inject({ method: 'GET', url: URL_EL, headers: { 'if-none-match': String(before.headers.etag) } });
    expect(generated.statusCode).toBe(200);
    expect(generated.json().app.generated_probe).toBe('Πρώτη εκδοχή');
    expect(typeof generated.json().ra.action.save).toBe('string');
    expect(generated.headers.etag).not.toBe(before.headers.etag);
    const revalidated = await h.app.inject({ method: 'GET', url: URL_EL, headers: { 'if-none-match': String(generated.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    // The shipped defaults in the repository are untouched.
    expect(JSON.parse(readFileSync(path.resolve('public/locales/el/translations.json'), 'utf8'))).toEqual(shippedEl);
  });

  it('is sent compressed to browsers that accept it (br first, else gzip), the same texts under the same ETag', async () => {
    const plain = await h.app.inject({ method: 'GET', url: URL_EL });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const br = await h.app.inject({ method: 'GET', url: URL_EL, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gz = await h.app.inject({ method: 'GET', url: URL_EL, headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    // A revalidation is still a bare 304.
    const again = await h.app.inject({
      method: 'GET',
      url: URL_EL,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a language that is not there, or not a language code, is a 404', async () => {
    for (const url of [
      '/locales/xx/translations.json',
      '/locales/..%2f..%2fpackage.json/translations.json',
      '/locales/EN/translations.json',
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"version"');
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two servers on one PostgreSQL database', () => {
  it('Generate through one: the other serves the new string on its next request', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-test-'));
    const database = await openDatabase({ databaseUrl: h.config.databaseUrl, dataDir });
    const other = await buildApp({ ...h.config, dataDir }, { database, logger: false });
    try {
      const seen = await other.inject({ method: 'GET', url: URL_EL });
      await setText(h, 'app.replica_probe', 'Από τον άλλο server');
      expect((await generate(h)).statusCode).toBe(200);
      const res = await other.inject({ method: 'GET', url: URL_EL, headers: { 'if-none-match': String(seen.headers.etag) } });
      expect(res.statusCode).toBe(200);
      expect(res.json().app.replica_probe).toBe('Από τον άλλο server');
      expect(res.headers.etag).toBe((await h.app.inject({ method: 'GET', url: URL_EL })).headers.etag);
    } finally {
      await other.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
