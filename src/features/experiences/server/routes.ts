import { eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { publicExperience, rotateImage } from '../contract';
import { recordSchema } from '../../../core/shared/api/crud';
import { Type } from '../../../core/shared/api/schema';
import { productResources, resourceByName } from '../../../../resources/set';
import { getRecord, storeVersion } from '../../../core/server/crud/repository';
import { UUID_PATTERN } from '../../../core/server/crud/schemas';
import { joinTableOf, tableOf } from '../../../core/server/db/resource-tables';
import { badRequest, HttpError, notFound } from '../../../core/server/http/http-error';
import { removeStoredImages, rotateContentImage } from '../../../core/server/uploads/content-images';
import { fileUrl } from '../../../core/server/storage/file-storage';
import { inTransaction } from '../../../core/server/db/transaction';

const uuidRe = new RegExp(UUID_PATTERN);

/** The public experience page's read, and rotating an experience image. */
export async function experienceRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const r = resourceByName('experiences');
  const record = recordSchema(r, (name) => productResources.find(name));
  const page = Type.Object({ ...(record as unknown as { properties: Record<string, never> }).properties, images_path: Type.String() });
  const t = tableOf(r);
  const images = joinTableOf(r, 'images');
  const db = () => app.deps.database.db;
  const { storage } = app.deps;

  app.get('/api/experiences/:slugOrId', { config: { access: 'public' }, schema: publicExperience(page) }, async (req) => {
    const key = req.params.slugOrId;
    const [row] = await db()
      .select({ id: t.id, underReview: t.under_review })
      .from(t)
      .where(uuidRe.test(key) ? or(eq(t.id, key), eq(t.slug, key)) : eq(t.slug, key));
    // Under review reads as missing: nothing about it is public yet.
    if (!row || row.underReview) throw notFound('Experience');
    const rec = await getRecord(db(), r, String(row.id), storage);
    return { ...rec, images_path: storage.urlPrefix };
  });

  app.post('/api/auth/edit-space-image', { schema: rotateImage }, async (req) => {
    const [img] = await db().select().from(images).where(eq(images.id, req.body.id));
    if (!img) throw notFound('Image');
    const current = { path: String(img.path), thumb: String(img.thumb) };
    let rotated;
    try {
      rotated = await rotateContentImage(storage, current, r.name);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw badRequest('Failed to rotate image.');
    }
    // The turned picture is the experience's new version, stored with the change.
    await inTransaction(db(), async (tx) => {
      await tx.update(images).set({ path: rotated.path, thumb: rotated.thumb }).where(eq(images.id, req.body.id));
      await storeVersion(tx, r, String(img.ownerId), 'update', { files: storage, actorId: req.auth?.userId });
    });
    await removeStoredImages(storage, [current]);
    return {
      ok: true as const,
      id: req.body.id,
      imagePath: fileUrl(storage, rotated.path),
      path: rotated.path,
      thumb: rotated.thumb,
      thumbUrl: fileUrl(storage, rotated.thumb),
    };
  });
}
