import type { FastifyInstance } from 'fastify';
import { uploadProfileImage } from '../../../features/account/contract';
import { badRequest, HttpError } from '../http/http-error';
import { storeImage } from '../uploads/images';

export const PROFILE_IMAGE_LIMIT = 1024 * 1024;
const TOO_LARGE = 'File size exceeds 1MB limit. Please upload a smaller file.';
const ONE_FILE = 'Send one image at a time.';
const MALFORMED = 'The upload is not a valid multipart/form-data body. Send the image in a field named "file".';

export async function uploadRoutes(app: FastifyInstance) {
  const { storage } = app.deps;

  app.post('/api/upload/profile-image', { config: { access: 'self' }, schema: uploadProfileImage }, async (req) => {
    if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data in a field named "file".');
    // Stored only once the whole request is read: a refused second file must not leave the first behind.
    let image: Buffer | null = null;
    try {
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
        image = buf;
      }
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // Multipart's own answer to a second file is a 413 "too large", which it is not.
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(ONE_FILE);
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) throw err;
      // Anything else the parser stumbled on is the body's fault: a boundary that is not the
      // announced one, a body cut short, parts that are not multipart at all.
      throw badRequest(MALFORMED);
    }
    if (!image) throw badRequest('Choose an image to upload.');
    return { filePaths: [{ path: await storeImage(image, storage, { maxSide: 1024 }) }] };
  });
}
