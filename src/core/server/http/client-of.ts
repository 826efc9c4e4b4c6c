import type { FastifyRequest } from 'fastify';
import type { SessionClient } from '../security/session-store';

/** The client's address (as TRUST_PROXY allows reading it) and user agent. */
export function clientOf(req: FastifyRequest): SessionClient {
  const ua = req.headers['user-agent'];
  return { ip: req.ip || null, userAgent: typeof ua === 'string' && ua ? ua : null };
}
