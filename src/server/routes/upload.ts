import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { badRequest, HttpError } from '../http/http-error';
import { storeImage } from '../uploads/images';

export const PROFILE_IMAGE_LIMIT = 1024 * 1024;
const TOO_LARGE = 'File size exceeds 1MB limit. Please upload a smaller file.';

export async function uploadRoutes(app: FastifyInstance) {
  const uploadsDir = path.join(app.deps.config.dataDir, 'uploads');

  app.post('/api/upload/profile-image', { config: { access: 'self' }, schema: { tags: ['me'], consumes: ['multipart/form-data'] } }, async (req) => {
    if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data in a field named "file".');
    let stored: string | null = null;
    for await (const part of req.parts({ limits: { fileSize: PROFILE_IMAGE_LIMIT, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const buf = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
        throw err;
      });
      if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
      stored = await storeImage(buf, uploadsDir, { maxSide: 1024 });
    }
    if (!stored) throw badRequest('Choose an image to upload.');
    return { filePaths: [{ path: stored }] };
  });
}
