import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { purgeVersions } from '../../src/core/server/versions/retention';
import { productResources } from '../../resources/set';
import { bearer, startHarness, type Harness } from './harness';
import { assertNoSecrets, call, createUser } from './helpers';
import { startS3, STORAGE_DRIVERS, type S3Server } from './s3';

const TOO_LARGE = { error: 'File size exceeds 1MB limit. Please upload a smaller file.' };
const NOT_IMAGE = { error: 'Only JPEG, PNG, WebP or GIF images can be uploaded.' };
const PATH_RE = /^\/uploads\/[0-9a-f-]{36}\.webp$/;

/** A multipart body as a browser sends it, built with the platform FormData. */
async function multipart(
  files: { field?: string; name: string; type: string; data: Buffer }[],
  fields: Record<string, string> = { type: 'image' },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'file', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

describe.each(STORAGE_DRIVERS)('uploads on %s storage', (driver) => {
  let h: Harness;
  let s3: S3Server | undefined;
  let userToken: string;
  let png: Buffer;

  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3();
    h = await startHarness(s3?.env);
    const u = await createUser(h, { role: 'User' });
    userToken = await h.login(u.email, u.password);
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  const listUploads = async () => (s3 ? s3.keys() : (await readdir(path.join(h.config.dataDir, 'uploads'), { recursive: true })).sort());

  async function upload(files: Parameters<typeof multipart>[0], token: string | null = userToken, fields?: Record<string, string>) {
    const { payload, contentType } = await multipart(files, fields);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/upload/profile-image',
      headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) },
      payload,
    });
    assertNoSecrets(res);
    return res;
  }

  describe('POST /api/upload/profile-image', () => {
    test('a real PNG is stored re-encoded and served as image/webp', async () => {
      const res = await upload([{ name: 'me.png', type: 'image/png', data: png }]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ filePaths: [{ path: expect.stringMatching(PATH_RE) }] });

      const served = await h.app.inject({ method: 'GET', url: body.filePaths[0].path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-security-policy'])).toContain('sandbox');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
    });

    test('the stored path can become the profile image', async () => {
      const u = await createUser(h, { role: 'User' });
      const token = await h.login(u.email, u.password);
      const path = (await upload([{ name: 'avatar.PNG', type: 'image/png', data: png }], token)).json().filePaths[0].path;
      const saved = await call(h, 'POST', '/api/auth/my-profile', { token, body: { name: 'With Image', image: path } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().image).toBe(path);
      const login = await call(h, 'POST', '/api/auth/login', { body: { email: u.email, password: u.password } });
      expect(login.json().user.image).toBe(path);
    });

    test('JPEG, WebP and GIF are accepted too', async () => {
      const base = sharp({ create: { width: 20, height: 20, channels: 3, background: '#0a0' } });
      for (const [name, type, data] of [
        ['a.jpg', 'image/jpeg', await base.clone().jpeg().toBuffer()],
        ['a.webp', 'image/webp', await base.clone().webp().toBuffer()],
        ['a.gif', 'image/gif', await base.clone().gif().toBuffer()],
      ] as const) {
        const res = await upload([{ name, type, data }]);
        expect(res.statusCode, name).toBe(200);
        expect(res.json().filePaths[0].path).toMatch(PATH_RE);
      }
    });

    test('a text file renamed .png is a 400', async () => {
      const res = await upload([{ name: 'notes.png', type: 'image/png', data: Buffer.from('just some text, not an image\n'.repeat(20)) }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(NOT_IMAGE);
    });

    test('HTML and SVG are refused whatever they claim to be', async () => {
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const html = Buffer.from('<!doctype html><script>alert(1)</script>');
      for (const [name, type, data] of [
        ['x.svg', 'image/svg+xml', svg],
        ['x.png', 'image/png', svg],
        ['x.html', 'text/html', html],
      ] as const) {
        const res = await upload([{ name, type, data }]);
        expect(res.statusCode, name).toBe(400);
        expect(res.json()).toEqual(NOT_IMAGE);
      }
    });

    test('a PNG header over garbage is a 400', async () => {
      const data = Buffer.concat([png.subarray(0, 16), Buffer.alloc(2000, 7)]);
      const res = await upload([{ name: 'broken.png', type: 'image/png', data }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'The file is not a readable image.' });
    });

    test('more than 1 MB is a 413 with the size message', async () => {
      const big = await sharp({
        create: { width: 900, height: 900, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
      })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const res = await upload([{ name: 'big.png', type: 'image/png', data: big }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(TOO_LARGE);
    });

    test('just over 1 MB of anything is a 413; exactly at the limit is not', async () => {
      const over = Buffer.concat([png.subarray(0, 8), Buffer.alloc(1024 * 1024 + 1 - 8, 1)]);
      const res = await upload([{ name: 'over.png', type: 'image/png', data: over }]);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual(TOO_LARGE);
      const at = Buffer.concat([png.subarray(0, 8), Buffer.alloc(1024 * 1024 - 8, 1)]);
      const ok = await upload([{ name: 'at.png', type: 'image/png', data: at }]);
      expect(ok.statusCode).toBe(400); // not too large: refused for its content instead
    });

    test('no file, another field name, or a JSON body is a 400', async () => {
      const none = await upload([]);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ error: 'Choose an image to upload.' });
      const wrongField = await upload([{ field: 'avatar', name: 'me.png', type: 'image/png', data: png }]);
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json()).toEqual({ error: 'Choose an image to upload.' });
      const json = await call(h, 'POST', '/api/upload/profile-image', { token: userToken, body: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ error: 'Send the image as multipart/form-data in a field named "file".' });
    });

    test('two files at once are a 400 that says so, and neither is kept', async () => {
      const before = await listUploads();
      const res = await upload([
        { name: 'a.png', type: 'image/png', data: png },
        { name: 'b.png', type: 'image/png', data: png },
      ]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Send one image at a time.' });
      expect(await listUploads()).toEqual(before);
    });

    test('without a token is a 401', async () => {
      const res = await upload([{ name: 'me.png', type: 'image/png', data: png }], null);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to continue.' });
    });
  });

  describe('GET /uploads/*', () => {
    test('unknown files and path tricks are 404s', async () => {
      for (const url of [
        '/uploads/nothing.webp',
        '/uploads/..%2f..%2fpackage.json',
        '/uploads/%2e%2e/%2e%2e/package.json',
        '/uploads/../package.json',
      ]) {
        const res = await h.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('"version"');
      }
    });
  });

  describe('avatar files follow their users', () => {
    const served = async (url: string) => (await h.app.inject({ method: 'GET', url })).statusCode;

    /** VERSIONS_KEEP=1: only each record's newest version stays, so files only older ones showed go. */
    const keepNewestOnly = () => purgeVersions(h.app.deps.database, productResources.list, h.app.deps.storage, { keep: 1 });

    test('a replaced or cleared profile picture stays while a version shows it, then goes', async () => {
      const u = await createUser(h, { role: 'User' });
      const token = await h.login(u.email, u.password);
      const first = (await upload([{ name: 'a.png', type: 'image/png', data: png }], token)).json().filePaths[0].path;
      const second = (await upload([{ name: 'b.png', type: 'image/png', data: png }], token)).json().filePaths[0].path;
      await call(h, 'POST', '/api/auth/my-profile', { token, body: { name: 'Pic', image: first } });
      expect(await served(first)).toBe(200);
      const saved = await call(h, 'POST', '/api/auth/my-profile', { token, body: { name: 'Pic', image: second } });
      expect(saved.json().image).toBe(second);
      // Version 2 shows it: restoring it brings the picture back.
      expect(await served(first)).toBe(200);
      await call(h, 'POST', '/api/auth/my-profile', { token, body: { name: 'Pic', image: null } });
      expect(await served(second)).toBe(200);
      await keepNewestOnly();
      expect(await served(first)).toBe(404);
      expect(await served(second)).toBe(404);
    });

    test("an admin replacing or clearing a user's picture (the users resource's update) keeps the old file for its versions", async () => {
      const u = await createUser(h, { role: 'User' });
      const put = (body: Record<string, unknown>) => call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body });
      const first = (await upload([{ name: 'a.png', type: 'image/png', data: png }])).json().filePaths[0].path;
      const second = (await upload([{ name: 'b.png', type: 'image/png', data: png }])).json().filePaths[0].path;
      expect((await put({ image: first })).statusCode).toBe(200);
      // A change of another field keeps the picture.
      expect((await put({ phone: '+30 210 555 0101' })).json().image).toBe(first);
      expect((await put({ image: second })).json().image).toBe(second);
      // A bulk update clears it the same way.
      const bulk = await call(h, 'PUT', '/api/auth/users', { token: h.adminToken, body: { ids: [u._id], data: { image: null } } });
      expect(bulk.statusCode).toBe(200);
      expect(await served(first)).toBe(200);
      expect(await served(second)).toBe(200);
      await keepNewestOnly();
      expect(await served(first)).toBe(404);
      expect(await served(second)).toBe(404);
    });

    test('a picture two users show stays until neither shows it, in a version or the trash; a purge removes it', async () => {
      const a = await createUser(h, { role: 'User' });
      const b = await createUser(h, { role: 'User' });
      const shared = (await upload([{ name: 'a.png', type: 'image/png', data: png }])).json().filePaths[0].path;
      for (const u of [a, b])
        expect((await call(h, 'PUT', `/api/auth/users/${u._id}`, { token: h.adminToken, body: { image: shared } })).statusCode).toBe(200);
      for (const u of [a, b]) expect((await call(h, 'DELETE', `/api/auth/users/${u._id}`, { token: h.adminToken })).statusCode).toBe(200);
      expect(await served(shared)).toBe(200);
      expect((await call(h, 'DELETE', `/api/auth/users/${a._id}/purge`, { token: h.adminToken })).statusCode).toBe(200);
      expect(await served(shared)).toBe(200);
      expect((await call(h, 'DELETE', `/api/auth/users/${b._id}/purge`, { token: h.adminToken })).statusCode).toBe(200);
      expect(await served(shared)).toBe(404);
    });
  });
});

describe('uploads in S3 are shared by every server on the bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3('shared-uploads');
  });
  afterAll(async () => s3?.close());

  // Two whole servers start here, each migrating a database of its own: under a
  // full `npm test` on two cores that alone can take longer than the default 30 s.
  test('a file uploaded through one server is served by another with its own data folder', async () => {
    const one = await startHarness(s3.env);
    const two = await startHarness(s3.env);
    try {
      const image = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const { payload, contentType } = await multipart([{ name: 'x.png', type: 'image/png', data: image }]);
      const res = await one.app.inject({
        method: 'POST',
        url: '/api/upload/profile-image',
        headers: { 'content-type': contentType, ...bearer(one.adminToken) },
        payload,
      });
      const url = res.json().filePaths[0].path as string;
      expect(one.config.dataDir).not.toBe(two.config.dataDir);
      const elsewhere = await two.app.inject({ method: 'GET', url });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.headers['content-type']).toBe('image/webp');
      expect(String(elsewhere.headers['content-security-policy'])).toContain('sandbox');
      expect(elsewhere.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(elsewhere.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 30, height: 10 });
      expect(await s3.keys()).toEqual([url.slice('/uploads/'.length)]);
    } finally {
      await one.close();
      await two.close();
    }
  }, 90_000);

  test('with S3_PUBLIC_URL, /uploads/ URLs send browsers to the public address, which serves the file', async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const h = await startHarness({ ...s3.env, S3_PUBLIC_URL: `${publicUrl}/` });
    try {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const { payload, contentType } = await multipart([{ name: 'x.png', type: 'image/png', data: png }]);
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/upload/profile-image',
        headers: { 'content-type': contentType, ...bearer(h.adminToken) },
        payload,
      });
      const path = res.json().filePaths[0].path as string;
      expect(path).toMatch(PATH_RE);
      const redirect = await h.app.inject({ method: 'GET', url: path });
      expect(redirect.statusCode).toBe(301);
      const location = String(redirect.headers.location);
      expect(location).toBe(`${publicUrl}/${path.slice('/uploads/'.length)}`);
      const direct = await fetch(location);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).format).toBe('webp');
    } finally {
      await h.close();
    }
  });
});
