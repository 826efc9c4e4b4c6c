import type { FastifyInstance } from 'fastify';
import { notificationStream } from '../contract';
import { signedIn } from '../../../core/server/http/signed-in';
import { NotificationStreams } from './stream-hub';
import { API_HEADERS } from '../../../core/server/plugins/security-headers';
import { REQUEST_ID_HEADER } from '../../../core/server/ops/request-id';

/** A comment line every so often: proxies and balancers keep an idle stream open, and a gone client is noticed. */
const HEARTBEAT_MS = 20_000;

/**
 * `GET /api/auth/notifications/stream`: Server-Sent Events, authorised by the
 * Bearer token like every API call (so the browser reads it with fetch, not
 * EventSource, which cannot send the header). Events: `unread` `{unread}` on
 * connect and on every change, `notification` (the new notification, as the
 * list returns it). The stream ends when the session does.
 */
export async function notificationStreamRoutes(app: FastifyInstance) {
  const streams = new NotificationStreams(app.deps.database);
  await streams.start();
  // Before the server stops accepting: open streams would hold its close forever.
  app.addHook('preClose', async () => streams.close());

  app.get(
    '/api/auth/notifications/stream',
    {
      config: { access: 'self' },
      // Its 200 is text/event-stream (contract.ts); refusals are JSON like every route's.
      schema: notificationStream,
    },
    async (req, reply) => {
      const { userId, sessionId } = signedIn(req);
      reply.hijack();
      const res = reply.raw;
      // A hijacked answer carries none of the reply's headers: the API's own and the request's id are written here.
      res.writeHead(200, {
        ...API_HEADERS,
        [REQUEST_ID_HEADER]: req.id,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        // The connection ends with the stream: one left open for reuse held the server's close.
        connection: 'close',
      });
      res.write(': stream open\n\n');
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        remove?.();
        res.end();
      };
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      let remove: (() => void) | undefined;
      // The response's 'close': the client went away (the request's fires once its body is read).
      res.on('close', end);
      try {
        remove = await streams.add({
          userId,
          sessionId,
          send: (event, data) => {
            if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
          },
          end,
        });
      } catch {
        end();
      }
      if (ended) remove?.();
    },
  );
}
