import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from '../config';
import { opsPlugin } from '../plugins/ops';
import { errorsPlugin } from '../plugins/errors';
import { inputGuardPlugin } from '../plugins/input-guard';
import { securityHeadersPlugin } from '../plugins/security-headers';
import { completeApiContracts } from '../plugins/api-contract';
import { authPlugin } from '../plugins/auth';
import { connectRedis } from '../security/redis';
import { redisWithLocalFallback } from '../security/rate-limit-store';
import { appVersion } from '../version';
import { documentedSchema } from './openapi-defaults';

/** Rate limits: shared by every replica through Redis when REDIS_URL is set, else this process's. */
async function registerRateLimits(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => void redis.disconnect());
    app.readiness.register('redis', async () => void (await redis.ping()));
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithLocalFallback(redis, `${config.redisKeyPrefix}rate-limit:`, app.log) } : {}),
  });
}

/** The `webhooks` section's type, as the plugin takes it (OpenAPI 3.1). */
type OpenApiWebhooks = Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks'];

/** The OpenAPI document (`/api/docs/json`) built from every route's contract, and its viewer. */
async function registerApiDocs(app: FastifyInstance, webhooks: Record<string, unknown>): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back office API',
        version: appVersion,
        description: 'The API of the back office and the public site.',
        license: { name: 'UNLICENSED', identifier: 'UNLICENSED' },
      },
      servers: [{ url: '/', description: 'This server' }],
      // What this server sends out (outgoing webhooks), each event's body.
      webhooks: webhooks as OpenApiWebhooks,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A session token from POST /api/auth/login.' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bo_…',
            description:
              'An API token (`bo_` and 43 more characters) from POST /api/auth/tokens, sent as `Authorization: Bearer bo_…`. ' +
              "It acts as its owner within its scope (the owner's permissions, limited to `permissionIds`; GET only when " +
              '`readOnly`); never on the routes that manage tokens, sessions, passwords or two-factor sign-in, which list ' +
              'only `bearer`. Counted per token by API_TOKEN_RATE_LIMIT.',
          },
        },
      },
    },
    // Paths are documented without a trailing slash; the router answers both (ignoreTrailingSlash).
    transform: ({ schema, url }) => ({ schema: documentedSchema(schema), url: url.length > 1 ? url.replace(/\/+$/, '') : url }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/**
 * What every route goes through, registered before any feature: metrics and
 * request ids, error answers, security headers, the input guard, rate
 * limits, multipart bodies, the API document, and the auth hook (sessions
 * and permission records).
 */
export async function registerSharedPlugins(app: FastifyInstance, config: Config, webhooks: Record<string, unknown> = {}): Promise<void> {
  completeApiContracts(app);
  await app.register(opsPlugin);
  await app.register(errorsPlugin);
  // Headers first: an answer the guard refuses before any route runs is still an API answer.
  await app.register(securityHeadersPlugin);
  await app.register(inputGuardPlugin);
  await registerRateLimits(app, config);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  await registerApiDocs(app, webhooks);
  await app.register(authPlugin);
}
