import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { call, createUser, uniqueEmail, uploadedImage } from '../helpers';

// A user's `image` accepted any string (`javascript:...`, an
// external tracker URL). Only empty or a path the upload route issued.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const uploadedPath = () => uploadedImage(h, h.adminToken);

const BAD = [
  'javascript:alert(document.cookie)',
  'https://tracker.example.com/pixel.gif?u=1',
  '//tracker.example.com/p.gif',
  'data:image/svg+xml;base64,PHN2Zy8+',
  '/uploads/../../etc/passwd',
  '/uploads/experiences/x.png',
  '/uploads/not-issued.webp',
  '/api/auth/users',
  ' /uploads/0b9f0a7e-3f64-4b8e-9a57-3b1f8f0c2d11.webp',
];

describe("a user's image", () => {
  test('is refused unless empty or a path the upload route issued, on every route that writes it', async () => {
    const user = await createUser(h);
    const issued = await uploadedPath();
    for (const image of BAD) {
      const put = await call(h, 'PUT', `/api/auth/users/${user._id}`, { token: h.adminToken, body: { image } });
      expect(put.statusCode, `${image}: ${put.body}`).toBe(400);
      expect(put.json().fields).toEqual({ image: 'Image must be an image uploaded to this server' });
      const post = await call(h, 'POST', '/api/auth/users', {
        token: h.adminToken,
        body: { name: 'New', email: uniqueEmail(), image },
      });
      expect(post.statusCode, image).toBe(400);
      const mine = await call(h, 'POST', '/api/auth/my-profile', { token: h.adminToken, body: { name: 'Me', image } });
      expect(mine.statusCode, image).toBe(400);
    }
    expect((await call(h, 'GET', `/api/auth/users/${user._id}`, { token: h.adminToken })).json().image).toBeNull();

    const ok = await call(h, 'PUT', `/api/auth/users/${user._id}`, { token: h.adminToken, body: { image: issued } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().image).toBe(issued);
    const cleared = await call(h, 'PUT', `/api/auth/users/${user._id}`, { token: h.adminToken, body: { image: '' } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().image).toBeNull();
  });
});
