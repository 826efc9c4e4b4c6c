import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ready as readyContract } from '../../shared/api/system';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasBearer(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /api/ready: 200 when every registered part (database reachable and
 * migrated; Redis, S3 when configured) answers, else 503 naming the parts
 * that do not. GET /metrics (Prometheus text) exists only when METRICS_TOKEN
 * is set, and needs it as a Bearer token.
 */
export async function opsRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/api/ready', { config: { access: 'public' }, schema: readyContract }, async (_req, reply) => {
    const { ready, parts } = await app.readiness.report();
    if (ready) return { status: 'ready' as const, parts };
    const failed = Object.keys(parts).filter((p) => parts[p] !== 'ok');
    return reply.code(503).send({ status: 'not ready' as const, error: `Not ready: ${failed.join(', ')}`, failed, parts });
  });

  const token = app.deps.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!hasBearer(req.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'Metrics need the METRICS_TOKEN as a Bearer token.' });
    }
    return reply.type(app.metrics.contentType).send(await app.metrics.text());
  });
}
