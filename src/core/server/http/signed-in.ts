import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../types';
import { unauthorized } from './http-error';

/**
 * The session of a request on a route that requires one ('self' or 'rbac'
 * access): the auth hook has already refused anyone else, so a missing
 * session here is a 401, never a crash.
 */
export function signedIn(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
