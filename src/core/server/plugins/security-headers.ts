import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's headers on every response. The middleware is built once:
 * @fastify/helmet rebuilt it (parsing every CSP directive) on each request.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", 'https://accounts.google.com'],
        'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https://accounts.google.com'],
        'frame-src': ["'self'", 'https://accounts.google.com'],
        'font-src': ["'self'", 'data:'],
      },
    },
    // Google's sign-in popup talks back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
