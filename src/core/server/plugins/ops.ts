import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '../ops/request-id';

/**
 * Every response carries its request's id (X-Request-Id, also in its log
 * lines), and its duration goes to the request histogram under the route's
 * pattern (`/api/auth/users/:id`, never the id itself) and status.
 */
export const opsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    app.metrics.requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
});
