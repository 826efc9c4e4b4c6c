import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request's id comes in (from a balancer or client) and goes back in, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a client or proxy may pass as X-Request-Id: short, and nothing that could forge a log line. */
const ACCEPTED = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Each request's id, sent back as X-Request-Id and carried by its log lines
 * (`reqId`): the one a load balancer or client set when it is a plain token,
 * else a new UUID.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}
