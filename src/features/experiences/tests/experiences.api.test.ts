import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../tests/api/helpers';
import { startHarness, type Harness } from '../../../../tests/api/harness';
import { startS3, STORAGE_DRIVERS, type S3Server } from '../../../../tests/api/s3';
import { purgeVersions } from '../../../core/server/versions/retention';
import { productResources } from '../../../../resources/set';

/** VERSIONS_KEEP=1: files only older versions showed go. */
const keepNewestVersionOnly = (h: Harness) => purgeVersions(h.app.deps.database, productResources.list, h.app.deps.storage, { keep: 1 });

const BASE = '/api/auth/experiences';
type Img = { id: string; path: string; thumb: string; url: string; thumbUrl: string };
describe.each(STORAGE_DRIVERS)('experiences on %s storage', (driver) => {
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

  async function imageData(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<string> {
    const img = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
    const buf = await (format === 'png' ? img.png() : img.jpeg()).toBuffer();
    return `data:image/${format};base64,${buf.toString('base64')}`;
  }

  const create = (body: Record<string, unknown>) => call(h, 'POST', BASE, { token: h.adminToken, body });
  /** Whether a file is in storage, as the driver keeps it (not through the server). */
  const isStored = async (key: string) => (s3 ? (await s3.keys()).includes(key) : existsSync(path.join(h.config.dataDir, 'uploads', key)));

  async function fetchImage(url: string) {
    const res = await h.app.inject({ method: 'GET', url });
    return {
      status: res.statusCode,
      type: res.headers['content-type'],
      meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null,
    };
  }

  describe('experiences CRUD', () => {
    it('creates an experience with images, a generated slug, trimmed tags and sanitized rich text', async () => {
      const res = await create({
        title: 'Sunrise over Santorini',
        description: '<p onclick="x()">Hello <b>world</b><script>alert(1)</script></p>',
        tags: [' sea ', 'sun', ''],
        images: [
          { operation: 'create', imageData: await imageData(80, 40), name: 'wide.png' },
          { operation: 'create', imageData: await imageData(30, 60, 'jpeg'), name: 'tall.jpg' },
          { operation: 'create', imageData: null, name: 'empty.png' },
        ],
      });
      expect(res.statusCode).toBe(201);
      const e = res.json();
      expect(e).toMatchObject({
        title: 'Sunrise over Santorini',
        slug: 'sunrise-over-santorini',
        tags: ['sea', 'sun'],
        under_review: false,
      });
      expect(e.description).toBe('<p>Hello <b>world</b></p>');
      expect(e.images).toHaveLength(2);
      const [wide, tall] = e.images as Img[];
      expect(await fetchImage(wide.url)).toMatchObject({ status: 200, type: 'image/png', meta: { width: 80, height: 40 } });
      expect(await fetchImage(tall.url)).toMatchObject({ status: 200, type: 'image/jpeg', meta: { width: 30, height: 60 } });
      expect((await fetchImage(wide.thumbUrl)).meta).toMatchObject({ format: 'webp', width: 320, height: 320 });
    });

    it('strips metadata when re-encoding', async () => {
      const withExif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
        .toBuffer();
      expect((await sharp(withExif).metadata()).exif).toBeDefined();
      const res = await create({
        title: 'Exif',
        images: [{ operation: 'create', imageData: `data:image/jpeg;base64,${withExif.toString('base64')}` }],
      });
      const stored = await h.app.inject({ method: 'GET', url: res.json().images[0].url });
      expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
      expect(stored.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    });

    it('makes slugs unique and refuses a taken slug with 409', async () => {
      const a = await create({ title: 'Same Title' });
      const b = await create({ title: 'Same Title' });
      expect(a.json().slug).toBe('same-title');
      expect(b.json().slug).toBe('same-title-2');
      const c = await create({ title: 'Other', slug: 'same-title' });
      expect(c.statusCode).toBe(409);
      expect(c.json().error).toBe('Slug is already in use.');
    });

    it('requires a title', async () => {
      const res = await create({ description: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.title).toBe('Title is required');
    });

    it('refuses anything but JPEG and PNG by content, naming the file', async () => {
      const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer();
      const disguised = await create({
        title: 'Bad',
        images: [{ operation: 'create', imageData: `data:image/png;base64,${gif.toString('base64')}`, name: 'cat.png' }],
      });
      expect(disguised.statusCode).toBe(400);
      expect(disguised.json().error).toBe('Invalid file extension for cat.png');
      const text = await create({
        title: 'Bad',
        images: [
          { operation: 'create', imageData: `data:image/jpeg;base64,${Buffer.from('hello').toString('base64')}`, name: 'notes.jpg' },
        ],
      });
      expect(text.json().error).toBe('Invalid file extension for notes.jpg');
    });

    it('allows at most 10 images', async () => {
      const data = await imageData(8, 8);
      const res = await create({ title: 'Many', images: Array.from({ length: 11 }, () => ({ operation: 'create', imageData: data })) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('At most 10 images are allowed.');
    });

    it('refuses an image over 10 MB with 413', async () => {
      const big = `data:image/png;base64,${Buffer.alloc(10 * 1024 * 1024 + 10).toString('base64')}`;
      const res = await create({ title: 'Huge', images: [{ operation: 'create', imageData: big, name: 'huge.png' }] });
      expect(res.statusCode).toBe(413);
    });

    it('applies keep, update, remove and create in one update, in the order given; old files go with the versions showing them', async () => {
      const first = await create({
        title: 'Ops',
        images: [
          { operation: 'create', imageData: await imageData(10, 10) },
          { operation: 'create', imageData: await imageData(20, 20) },
          { operation: 'create', imageData: await imageData(30, 30) },
        ],
      });
      const e = first.json();
      const [a, b, c] = e.images as Img[];
      const res = await call(h, 'PUT', `${BASE}/${e._id}`, {
        token: h.adminToken,
        body: {
          images: [
            { id: c.id, operation: 'keep' },
            { id: a.id, operation: 'update', imageData: await imageData(40, 40) },
            { id: b.id, operation: 'remove' },
            { operation: 'create', imageData: await imageData(50, 50) },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const imgs = res.json().images as Img[];
      expect(imgs.map((i) => i.id).slice(0, 2)).toEqual([c.id, a.id]);
      const widths = [];
      for (const i of imgs) widths.push((await fetchImage(i.url)).meta?.width);
      expect(widths).toEqual([30, 40, 50]);
      // The first version still shows them: restoring it brings them back.
      expect(await isStored(b.path)).toBe(true);
      expect(await isStored(a.path)).toBe(true);
      await keepNewestVersionOnly(h);
      expect(await isStored(b.path)).toBe(false);
      expect(await isStored(a.path)).toBe(false);
      expect(await isStored(c.path)).toBe(true);
    });

    it('refuses an operation on an image the record does not have, changing nothing', async () => {
      const e = (await create({ title: 'Mine', images: [{ operation: 'create', imageData: await imageData(10, 10) }] })).json();
      const res = await call(h, 'PUT', `${BASE}/${e._id}`, {
        token: h.adminToken,
        body: { title: 'Changed', images: [{ id: '00000000-0000-4000-8000-000000000000', operation: 'remove' }] },
      });
      expect(res.statusCode).toBe(400);
      const after = (await call(h, 'GET', `${BASE}/${e._id}`, { token: h.adminToken })).json();
      expect(after.title).toBe('Mine');
      expect(after.images).toHaveLength(1);
    });

    it('lists with images_path and searches title, description and tags', async () => {
      await create({ title: 'Quokka island', description: '<p>marsupial</p>', tags: ['wildlife-xyz'] });
      const list = await call(h, 'GET', `${BASE}?q=QUOKKA`, { token: h.adminToken });
      expect(list.json()).toMatchObject({ total: 1, images_path: '/uploads/' });
      expect((await call(h, 'GET', `${BASE}?q=marsupial`, { token: h.adminToken })).json().total).toBe(1);
      expect((await call(h, 'GET', `${BASE}?q=life-xy`, { token: h.adminToken })).json().total).toBe(1);
    });

    it('deleting an experience keeps its files in the trash; purging it removes them', async () => {
      const e = (await create({ title: 'Gone', images: [{ operation: 'create', imageData: await imageData(10, 10) }] })).json();
      const img = e.images[0] as Img;
      expect(await isStored(img.path)).toBe(true);
      expect((await call(h, 'DELETE', `${BASE}/${e._id}`, { token: h.adminToken })).statusCode).toBe(200);
      expect((await call(h, 'GET', `${BASE}/${e._id}`, { token: h.adminToken })).statusCode).toBe(404);
      expect(await isStored(img.path)).toBe(true);
      expect((await call(h, 'DELETE', `${BASE}/${e._id}/purge`, { token: h.adminToken })).statusCode).toBe(200);
      expect(await isStored(img.path)).toBe(false);
      expect(await isStored(img.thumb)).toBe(false);
    });
  });

  describe('rotating an image', () => {
    it('turns the picture 90 degrees into a new URL; the old file goes with the version showing it', async () => {
      const e = (
        await create({ title: 'Rotate me', images: [{ operation: 'create', imageData: await imageData(60, 20), name: 'r.png' }] })
      ).json();
      const img = e.images[0] as Img;
      const res = await call(h, 'POST', '/api/auth/edit-space-image', { token: h.adminToken, body: { id: img.id, action: 'rotate' } });
      expect(res.statusCode).toBe(200);
      const { imagePath } = res.json();
      expect(imagePath).not.toBe(img.url);
      expect((await fetchImage(imagePath)).meta).toMatchObject({ width: 20, height: 60 });
      const after = (await call(h, 'GET', `${BASE}/${e._id}`, { token: h.adminToken })).json();
      expect(after.images[0].url).toBe(imagePath);
      expect((await fetchImage(img.url)).status).toBe(200);
      await keepNewestVersionOnly(h);
      expect((await fetchImage(img.url)).status).toBe(404);
    });

    it('refuses unknown actions and images', async () => {
      expect(
        (
          await call(h, 'POST', '/api/auth/edit-space-image', {
            token: h.adminToken,
            body: { id: '00000000-0000-4000-8000-000000000000', action: 'rotate' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(h, 'POST', '/api/auth/edit-space-image', { token: h.adminToken, body: { id: 'x', action: 'flip' } })).statusCode,
      ).toBe(400);
      expect(
        (await call(h, 'POST', '/api/auth/edit-space-image', { body: { id: '00000000-0000-4000-8000-000000000000', action: 'rotate' } }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('public experience page data', () => {
    it('reads by slug or id without signing in, and hides items under review', async () => {
      const e = (await create({ title: 'Public one', tags: ['a'] })).json();
      const bySlug = await call(h, 'GET', `/api/experiences/${e.slug}`);
      expect(bySlug.statusCode).toBe(200);
      expect(bySlug.json()).toMatchObject({ _id: e._id, title: 'Public one', tags: ['a'] });
      expect((await call(h, 'GET', `/api/experiences/${e._id}`)).json().title).toBe('Public one');
      await call(h, 'PUT', `${BASE}/${e._id}`, { token: h.adminToken, body: { under_review: true } });
      const hidden = await call(h, 'GET', `/api/experiences/${e.slug}`);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toEqual({ error: 'Experience not found.' });
      expect((await call(h, 'GET', '/api/experiences/no-such-thing')).statusCode).toBe(404);
    });
  });
});

describe('experiences with S3_PUBLIC_URL', () => {
  it('lists, reads, rotates and deletes with image URLs under the public address', async () => {
    const s3 = await startS3('public-images');
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const h = await startHarness({ ...s3.env, S3_PUBLIC_URL: publicUrl });
    try {
      const data = (
        await sharp({ create: { width: 40, height: 10, channels: 3, background: '#c33' } })
          .png()
          .toBuffer()
      ).toString('base64');
      const created = await call(h, 'POST', BASE, {
        token: h.adminToken,
        body: { title: 'Public bucket', images: [{ operation: 'create', imageData: `data:image/png;base64,${data}` }] },
      });
      expect(created.statusCode).toBe(201);
      const img = created.json().images[0] as Img;
      expect(img.url).toBe(`${publicUrl}/${img.path}`);
      expect(img.thumbUrl).toBe(`${publicUrl}/${img.thumb}`);
      const direct = await fetch(img.url);
      expect(direct.status).toBe(200);
      expect(await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 40, height: 10 });

      const list = await call(h, 'GET', `${BASE}?q=public%20bucket`, { token: h.adminToken });
      expect(list.json()).toMatchObject({ images_path: `${publicUrl}/`, data: [{ images: [{ url: img.url }] }] });
      expect((await call(h, 'GET', `/api/experiences/${created.json().slug}`)).json().images_path).toBe(`${publicUrl}/`);

      const rotated = await call(h, 'POST', '/api/auth/edit-space-image', { token: h.adminToken, body: { id: img.id, action: 'rotate' } });
      const { imagePath } = rotated.json();
      expect(imagePath.startsWith(`${publicUrl}/experiences/`)).toBe(true);
      const turned = await fetch(imagePath);
      expect(await sharp(Buffer.from(await turned.arrayBuffer())).metadata()).toMatchObject({ width: 10, height: 40 });
      // Kept for the version before the turn, and in the trash after the delete: the purge removes every file.
      expect((await fetch(img.url)).status).toBe(200);
      expect((await call(h, 'DELETE', `${BASE}/${created.json()._id}`, { token: h.adminToken })).statusCode).toBe(200);
      expect(await s3.keys()).not.toEqual([]);
      expect((await call(h, 'DELETE', `${BASE}/${created.json()._id}/purge`, { token: h.adminToken })).statusCode).toBe(200);
      expect(await s3.keys()).toEqual([]);
    } finally {
      await h.close();
      await s3.close();
    }
  });
});
