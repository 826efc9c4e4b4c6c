import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { mkdtempSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';

let h: Harness;
const web = mkdtempSync(path.join(tmpdir(), 'bo-web-'));
beforeAll(async () => {
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
  // The build's manifest: the admin face and React's start, with what they import statically.
  mkdirSync(path.join(web, '.vite'));
  writeFileSync(
    path.join(web, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/main-abc123.js', isEntry: true },
      'src/entry/boot.tsx': { file: 'assets/boot-b00t.js', imports: ['_client-c1.js'] },
      'src/core/admin/AdminRoot.tsx': { file: 'assets/AdminRoot-a1.js', imports: ['_client-c1.js', '_mui-m1.js'], css: ['assets/x.css'] },
      '_client-c1.js': { file: 'assets/client-c1.js' },
      '_mui-m1.js': { file: 'assets/mui-m1.js', imports: ['_client-c1.js'] },
      'src/core/site/SiteRoot.tsx': { file: 'assets/SiteRoot-s1.js' },
    }),
  );
  writeFileSync(path.join(web, 'assets', 'main-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(web, 'assets', 'main-abc123.js.br'), brotliCompressSync('console.log(1)'));
  h = await startHarness({ WEB_DIR: web });
});
afterAll(async () => h?.close());

describe('serving the front end', () => {
  it('answers / and client-side routes with the app, never caching the page', async () => {
    for (const url of ['/', '/about', '/admin/users', '/invite?token=x', '/experience/some-slug']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>app</title>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("preloads the admin's first-load chunks on admin screens only", async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]).sort();
    // With a session stored in the browser (the signed-in hint, among other cookies).
    const cookie = 'theme=dark; bo_signed_in=1; other=2';
    for (const url of ['/admin', '/admin/users', '/admin/users?filter=%7B%7D', '/admin/account/profile']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.headers.vary, url).toContain('Cookie');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>app</title>');
      expect(preloads(res.body), url).toEqual([
        '/assets/AdminRoot-a1.js',
        '/assets/boot-b00t.js',
        '/assets/client-c1.js',
        '/assets/mui-m1.js',
      ]);
    }
    // A new build while the server runs: the page names the new chunks, not deleted ones.
    const manifestFile = path.join(web, '.vite', 'manifest.json');
    const before = readFileSync(manifestFile, 'utf8');
    writeFileSync(manifestFile, JSON.stringify({ 'src/core/admin/AdminRoot.tsx': { file: 'assets/AdminRoot-new2.js' } }));
    expect(preloads((await h.app.inject({ method: 'GET', url: '/admin/users', headers: { cookie } })).body)).toEqual([
      '/assets/AdminRoot-new2.js',
    ]);
    writeFileSync(manifestFile, before);
    // The sign-in page's first load is the light login, and the site never loads the admin.
    for (const url of ['/admin/login', '/admin/login?next=%2Fadmin%2Fusers', '/', '/about', '/invite?token=x']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(preloads(res.body), url).toEqual([]);
    }
    // Signed out (no hint, or another value, or a name that only ends like it), an admin screen opens the light
    // sign-in page: the back office's files would only slow it down.
    for (const c of [undefined, 'bo_signed_in=0', 'xbo_signed_in=1', 'theme=dark']) {
      const res = await h.app.inject({ method: 'GET', url: '/admin/users', headers: c === undefined ? {} : { cookie: c } });
      expect(res.statusCode, c).toBe(200);
      expect(res.headers['content-type'], c).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], c).toBe('no-cache');
      expect(res.headers.vary, c).toContain('Cookie');
      expect(res.body, c).toContain('<title>app</title>');
      expect(preloads(res.body), c).toEqual([]);
    }
    // The hint alone, as a browser sends it; and the password pages, which run the admin without a session.
    const alone = await h.app.inject({ method: 'GET', url: '/admin/users', headers: { cookie: 'bo_signed_in=1' } });
    expect(preloads(alone.body)).toHaveLength(4);
    for (const url of ['/admin/forgot-password', '/admin/reset-password/abc123?x=1'])
      expect(preloads((await h.app.inject({ method: 'GET', url })).body), url).toHaveLength(4);
  });

  it('sends the precompressed twin to clients that accept it', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1)');
    const plain = await h.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('sends the security headers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self' https://accounts.google.com");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it("sends an API answer the API's headers, and the API document's viewer a page's", async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    const missing = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const viewer = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(viewer.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets as immutable', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found.' });
  });

  it('serves uploads as inert files', async () => {
    mkdirSync(path.join(h.config.dataDir, 'uploads'), { recursive: true });
    writeFileSync(path.join(h.config.dataDir, 'uploads', 'x.webp'), 'RIFF');
    const res = await h.app.inject({ method: 'GET', url: '/uploads/x.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
