import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The headers of an API answer (JSON, CSV, an event stream: never a page a
 * browser renders as a document): no active content if one is opened as a
 * document, no framing, no sniffing, no reading by other origins, HTTPS only.
 * Helmet's nineteen document headers (its CSP for scripts and styles, the
 * opener and embedder policies) say nothing to such an answer, and writing
 * them was a tenth of the cost of a get by id.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
};

/** API paths; the API document's viewer (`/api/docs`) is a page and gets the page headers. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Helmet's headers on every page and file, the API's own on API answers.
 * The middleware is built once: @fastify/helmet rebuilt it (parsing every
 * CSP directive) on each request.
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
    if (isApiAnswer(request.url)) {
      // The reply's headers, not the raw response's: one header set on the raw
      // response sends every header of the answer through Node's slower path
      // (setHeader for each), a tenth of a get by id's rate. A route that
      // takes over the response (hijack) writes these itself.
      reply.headers(API_HEADERS);
      return done();
    }
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
});
