import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isPublicKey, type FileStorage } from '../storage/file-storage';
import type { localStorage } from '../storage/local-storage';

// Served as inert files (no scripts, no sniffing), never as pages; names are never reused.
function inert(reply: FastifyReply) {
  reply.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; sandbox");
  reply.header('Cache-Control', 'public, max-age=31536000, immutable');
}

const isLocal = (s: FileStorage): s is ReturnType<typeof localStorage> => s.driver === 'local';

/**
 * GET /uploads/{key}: from the local folder as static files, or from the
 * bucket, streamed through this server, so every replica serves every file
 * under the URLs issued before. With S3_PUBLIC_URL browsers are sent there.
 */
export function uploadsPlugin(storage: FileStorage) {
  return async (app: FastifyInstance) => {
    if (isLocal(storage)) {
      mkdirSync(storage.dir, { recursive: true });
      await app.register(fastifyStatic, {
        root: storage.dir,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        // An import's file is the server's alone.
        allowedPath: (pathName: string) => !pathName.replace(/^\/+/, '').toLowerCase().startsWith('private'),
        // @fastify/static 10 hands over the Fastify reply here.
        setHeaders: (reply: unknown) => inert(reply as FastifyReply),
      });
      return;
    }
    const notFound = (reply: FastifyReply) => reply.status(404).send({ error: 'Not found.' });
    app.get<{ Params: { '*': string } }>('/uploads/*', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
      const key = req.params['*'];
      if (!isPublicKey(key)) return notFound(reply);
      if (storage.urlPrefix !== '/uploads/') return reply.redirect(storage.urlPrefix + key, 301);
      const file = await storage.open(key);
      if (!file) return notFound(reply);
      inert(reply);
      reply.type(file.contentType);
      if (file.length !== undefined) reply.header('Content-Length', file.length);
      if (file.etag) reply.header('ETag', file.etag);
      return reply.send(file.body);
    });
  };
}
