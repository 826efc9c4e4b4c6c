import type { FastifyRequest } from 'fastify';

/**
 * What an API token may not do, and what it is told. A token acts as its
 * owner within its scope, on the routes of the permission records
 * (access 'rbac') unless a route says `apiTokens: false` (tokens, sessions,
 * two-factor sign-in of others); on a signed-in user's own routes (access
 * 'self': one's password, sessions, tokens, two-factor) only where a route
 * says `apiTokens: true`. Read as an own property of the route's config, so
 * a polluted Object.prototype opens nothing.
 */
export function routeTakesApiTokens(request: FastifyRequest, access: 'self' | 'rbac'): boolean {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  const declared = config && Object.hasOwn(config, 'apiTokens') ? config.apiTokens : undefined;
  return access === 'rbac' ? declared !== false : declared === true;
}

export const API_TOKEN_MESSAGES = {
  invalid: 'This API token is not valid: it was revoked, has expired, or its owner can no longer sign in.',
  malformed: 'This is not an API token this server made.',
  route: 'An API token cannot be used for this. Sign in as a person to manage tokens, sessions, passwords or two-factor sign-in.',
  readOnly: 'This API token may only read.',
  scope: 'This API token’s scope does not include this call.',
  secret: 'An API token cannot set passwords or other secrets.',
  inQuery: 'An API token goes in the Authorization header (Bearer), never in the address.',
  rateLimited: 'Too many requests with this API token. Please wait a minute and try again.',
} as const;
