import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, startHarness, type Harness } from '../harness';
import { answerWithin } from '../helpers';

// A malformed multipart body (a boundary that is not the one
// announced, a truncated body, no file part) was a 500. Now a 400 that says
// what to send, and nothing is stored.

let h: Harness;
let png: Buffer;
beforeAll(async () => {
  h = await startHarness();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(async () => h?.close());

const CRLF = '\r\n';
const filePart = (boundary: string, data: Buffer | string) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="me.png"${CRLF}Content-Type: image/png${CRLF}${CRLF}`,
    ),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`${CRLF}--${boundary}--${CRLF}`),
  ]);

const uploads = async () => (await readdir(path.join(h.config.dataDir, 'uploads'))).sort();

async function send(contentType: string, payload: Buffer | string) {
  return h.app.inject({
    method: 'POST',
    url: '/api/upload/profile-image',
    headers: { ...bearer(h.adminToken), 'content-type': contentType },
    payload,
  });
}

describe('POST /api/upload/profile-image with a broken body', () => {
  test('a wrong or missing boundary, an empty, cut or garbage body: 400, nothing stored; a well-formed one still works', async () => {
    const cases: [string, string, Buffer | string][] = [
      ['a boundary other than the announced one', 'multipart/form-data; boundary=announced', filePart('other', png)],
      ['no boundary at all', 'multipart/form-data', filePart('xyz', png)],
      ['an empty body', 'multipart/form-data; boundary=xyz', ''],
      ['a body cut in the middle of the file', 'multipart/form-data; boundary=xyz', filePart('xyz', png).subarray(0, 150)],
      ['a body cut in the middle of the part headers', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-da'],
      ['garbage', 'multipart/form-data; boundary=xyz', '\u0000\u0001 not multipart at all'],
    ];
    const before = await uploads();
    for (const [what, contentType, body] of cases) {
      const res = await send(contentType, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json(), what).toEqual({ error: expect.stringMatching(/multipart|Choose an image/) });
    }
    expect(await uploads()).toEqual(before);

    // A well-formed body without a file part says what is missing.
    const noFile = `--xyz${CRLF}Content-Disposition: form-data; name="type"${CRLF}${CRLF}image${CRLF}--xyz--${CRLF}`;
    const res = await send('multipart/form-data; boundary=xyz', noFile);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Choose an image to upload.' });
    // The same body with a file is stored: the route itself works.
    const ok = await send('multipart/form-data; boundary=xyz', filePart('xyz', png));
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('every route that takes a multipart body (from the OpenAPI document)', () => {
  test('answers each broken body with a 4xx at once: none waits for a closing boundary that never comes', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([route, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'])
        .map(([method]) => ({ method: method.toUpperCase() as 'POST', url: route })),
    );
    // The profile picture and every resource's import upload.
    expect(routes.map((r) => r.url)).toContain('/api/upload/profile-image');
    expect(routes.filter((r) => r.url.endsWith('/imports')).length).toBeGreaterThan(3);
    const csv = 'name,email\nAnna Pappa,anna@example.com\nNikos Ioannou,nikos@example.com\n';
    const cases: [string, Buffer | string][] = [
      ['a body cut in the middle of the file', filePart('xyz', csv).subarray(0, 150)],
      ['a body cut just before its closing boundary', filePart('xyz', csv).subarray(0, -`${CRLF}--xyz--${CRLF}`.length)],
      ['a body cut in the middle of the part headers', '--xyz\r\nContent-Disposition: form-da'],
      ['an empty body', ''],
    ];
    for (const route of routes) {
      for (const [what, body] of cases) {
        const answer = h.app.inject({
          ...route,
          headers: { ...bearer(h.adminToken), 'content-type': 'multipart/form-data; boundary=xyz' },
          payload: body,
        });
        const res = await answerWithin(answer, 5000);
        expect(res, `${route.method} ${route.url}, ${what}: no answer in 5 s`).not.toBeNull();
        expect(res!.statusCode, `${route.method} ${route.url}, ${what}: ${res!.body}`).toBeGreaterThanOrEqual(400);
        expect(res!.statusCode, `${route.method} ${route.url}, ${what}: ${res!.body}`).toBeLessThan(500);
      }
    }
  });
});
