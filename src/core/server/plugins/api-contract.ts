import type { FastifyInstance, RouteOptions } from 'fastify';
import { errors, type ErrorStatus } from '../../shared/api/errors';
import type { Access } from '../types';

/** Methods whose requests carry a body the server parses (size and media type can be refused). */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function accessOf(opts: RouteOptions): Access {
  const config = opts.config as { access?: Access } | undefined;
  return config?.access ?? 'rbac';
}

/** Whether API tokens may call the route (the auth hook's rule: src/core/server/security/api-token-rules.ts). */
function takesApiTokens(opts: RouteOptions): boolean {
  const access = accessOf(opts);
  const declared = (opts.config as { apiTokens?: boolean } | undefined)?.apiTokens;
  return access === 'rbac' ? declared !== false : access === 'self' && declared === true;
}

/** How a route's caller proves who they are: a session, or also an API token; none on public routes. */
function securityOf(opts: RouteOptions): Record<string, string[]>[] {
  if (accessOf(opts) === 'public') return [];
  return takesApiTokens(opts) ? [{ bearer: [] }, { apiToken: [] }] : [{ bearer: [] }];
}

/** The statuses any route may answer besides its own, from what the route is. */
function commonErrors(opts: RouteOptions): ErrorStatus[] {
  const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
  const access = accessOf(opts);
  const config = opts.config as { rateLimit?: unknown } | undefined;
  return [
    // Validation, and the input guard (NUL characters, absurd nesting) on every route.
    400,
    ...(access !== 'public' ? ([401] as const) : []),
    // Signed-in routes too: a session that must set up two-factor sign-in first (code two_factor_setup_required).
    ...(access !== 'public' ? ([403] as const) : []),
    ...(methods.some((m) => WITH_BODY.has(m)) ? ([413, 415] as const) : []),
    // A path parameter longer than the router's maxParamLength.
    ...(opts.url.includes(':') ? ([414] as const) : []),
    // Rate limits: a route's own, or the per-token limit of API tokens.
    ...(config?.rateLimit || takesApiTokens(opts) ? ([429] as const) : []),
    500,
    503,
  ];
}

/**
 * Completes the contract of every API route as it is registered (src/core/shared/api
 * declares each route's own part): the statuses every route can answer
 * (validation, sign-in, RBAC, body size and type, rate limit, a bug, the
 * database away) and `security` from the route's access. Responses are
 * serialized through these schemas, so a field a schema does not name never
 * leaves the server. The OpenAPI document is built from the same objects.
 */
export function completeApiContracts(app: FastifyInstance): void {
  app.addHook('onRoute', (opts) => {
    if (!opts.url.startsWith('/api/') || opts.url.startsWith('/api/docs')) return;
    const schema = opts.schema ?? {};
    const own = (schema.response ?? {}) as Record<string, unknown>;
    opts.schema = {
      ...schema,
      security: securityOf(opts),
      response: { ...errors(...commonErrors(opts)), ...own },
    };
  });
}
