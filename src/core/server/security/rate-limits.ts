import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http/http-error';

const WINDOW = '1 minute';

/**
 * Per client address: the route config of sign-in, forgot/reset password,
 * Google sign-in and the invite routes. The address is the socket's, or the
 * one a trusted proxy added (TRUST_PROXY), never one a client chose.
 */
export const perAddress = (max: number) => ({ max, timeWindow: WINDOW });

/** The key of a target account: its e-mail, canonical and hashed (counters never hold addresses). */
export function accountKey(email: unknown): string {
  return createHash('sha256')
    .update(
      String(email ?? '')
        .trim()
        .toLowerCase(),
    )
    .digest('base64url');
}

/**
 * Per target account, on top of the per-address limit: many addresses
 * trying one account's password (or flooding its mailbox with reset links)
 * are limited too. A preHandler, so the body is parsed and validated. The
 * key names the route: limiters made with createRateLimit share one store
 * namespace. (The plugin runs one of its own hooks per request, so this one
 * counts through createRateLimit and answers the 429 itself.)
 */
export function perAccount(app: FastifyInstance, route: string, max: number): preHandlerAsyncHookHandler {
  const limit = app.createRateLimit({
    max,
    timeWindow: WINDOW,
    keyGenerator: (req: FastifyRequest) => `${route}:${accountKey((req.body as { email?: unknown } | undefined)?.email)}`,
  });
  return async (req, reply) => {
    const result = await limit(req);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new HttpError(429, 'Too many attempts. Please wait a minute and try again.');
    }
  };
}
