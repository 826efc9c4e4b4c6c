import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { appRoot } from '../app-root';
import { localesPlugin } from './locales';
import { uploadsPlugin } from './uploads';
import { adminPageOf } from './admin-preload';
import { opensWithoutSession, SIGNED_IN_HINT } from '../../shared/session-gate';

const KIOSK_FILE = 'kiosk-login.html';
/** `/kiosk`, `/kiosk/...` and deep paths of the login-only shell (`/kiosk-login.html/users/x`). */
const KIOSK_PATH = /^\/(kiosk(\/|\?|$)|kiosk-login\.html\/)/;
/** Admin screens, but not the sign-in page: a first visit there gets the light login, not react-admin (src/entry/main.ts). */
const ADMIN_SCREEN = /^\/admin(?!\/login\/?(\?|$))(\/|\?|$)/;

const HINT = new RegExp(`(?:^|;)\\s*${SIGNED_IN_HINT}=1\\s*(?:;|$)`);
/** Whether the request's cookies carry the signed-in hint (src/core/shared/session-gate.ts). */
const signedInHint = (cookie: string | undefined) => cookie !== undefined && HINT.test(cookie);

/**
 * Uploaded files (plugins/uploads.ts), translation files (plugins/locales.ts) and the built front end.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const { config, storage } = app.deps;
  await app.register(uploadsPlugin(storage));

  // What the last Generate stored in the database, else the files shipped with the product.
  await app.register(localesPlugin([path.join(config.webDir, 'locales'), path.join(appRoot, 'public/locales')]));

  const hasWeb = existsSync(path.join(config.webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/',
      wildcard: true,
      // `/` is a directory: without an index the plugin answers 403 instead of the app.
      index: ['index.html'],
      // The build writes .br/.gz twins (build/precompress.ts): sent to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: unknown, file: string) => {
        // Vite names built assets by content hash: they never change under one URL.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        (reply as FastifyReply).header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const adminPage = adminPageOf(config.webDir);

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') &&
      !url.startsWith('/locales/')
    ) {
      // The login-only shell answers every path under it, and /kiosk,
      // where the 404 page's 'GO TO SHOP' leads, is that shell.
      if (KIOSK_PATH.test(url)) return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile(KIOSK_FILE, config.webDir);
      // An admin screen: the same page, which also preloads the admin's chunks where they will run: with a
      // session stored (the signed-in hint), or on a page open without one (the password pages). A screen that
      // needs a session opens the light sign-in page for a signed-out visitor.
      if (ADMIN_SCREEN.test(url)) {
        reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Cookie');
        const runs = signedInHint(request.headers.cookie) || opensWithoutSession(url.split('?')[0]);
        return runs ? reply.send(await adminPage()) : reply.sendFile('index.html', config.webDir);
      }
      // Client-side routes: the SPA decides (including its own 404 page).
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html', config.webDir);
    }
    return reply.status(404).send({ error: 'Not found.' });
  });
});
