import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isLang } from '../../../features/translations/server/store';
import { etagOf, readSnapshot } from '../../../features/translations/server/snapshots';
import { compressedBody, pickEncoding } from './compressed-body';

/** Whether the browser's copy (If-None-Match) is the current one. */
function fresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

/**
 * GET /locales/{lng}/translations.json: the snapshot the last Generate
 * stored in the database (so every replica serves the same texts on the next
 * request), else the file shipped with the product. `no-cache` with an ETag:
 * browsers ask every time and get 304 while nothing changed. Sent compressed
 * (br or gzip) to browsers that accept it: on a phone's network the 60 kB
 * fallback language was a fifth of the admin's first load.
 */
export function localesPlugin(shippedRoots: string[]) {
  return async (app: FastifyInstance) => {
    const shipped = async (lng: string): Promise<string | null> => {
      for (const root of shippedRoots) {
        const text = await readFile(path.join(root, lng, 'translations.json'), 'utf8').catch(() => null);
        if (text !== null) return text;
      }
      return null;
    };

    app.get<{ Params: { lng: string } }>(
      '/locales/:lng/translations.json',
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const { lng } = req.params;
        if (!isLang(lng)) return reply.status(404).send({ error: 'Not found.' });
        const snapshot = await readSnapshot(app.deps.database.db, lng);
        const body = snapshot?.body ?? (await shipped(lng));
        if (body === null) return reply.status(404).send({ error: 'Not found.' });
        const etag = snapshot?.etag ?? etagOf(body);
        reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Accept-Encoding');
        if (fresh(req.headers['if-none-match'], etag)) return reply.status(304).send();
        reply.type('application/json; charset=utf-8');
        const encoding = pickEncoding(req.headers['accept-encoding']);
        if (!encoding) return reply.send(body);
        return reply.header('Content-Encoding', encoding).send(await compressedBody(body, encoding, etag));
      },
    );
  };
}
