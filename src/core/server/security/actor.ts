import type { FastifyRequest } from 'fastify';
import type { Actor } from './rank';

/** The signed-in user of a request, as the rank rule sees them. */
export function actorOf(req: FastifyRequest): Actor {
  return { userId: req.auth?.userId ?? null, superadmin: Boolean(req.auth?.superadmin) };
}
