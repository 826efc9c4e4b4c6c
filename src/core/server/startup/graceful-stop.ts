import type { FastifyInstance } from 'fastify';

/** How long requests already running may take to finish once a stop is asked for. */
export const GRACE_MS = 10_000;

/**
 * SIGTERM or SIGINT: stop accepting connections, let requests in flight
 * finish (their connections are cut after `graceMs`), then run every onClose
 * hook (mail worker, streams, database, Redis) and exit 0. A second signal
 * while stopping exits at once with 1.
 */
export function stopOnSignals(app: FastifyInstance, graceMs = GRACE_MS): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal while stopping: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'stopping: no new connections, finishing requests in flight');
    // At once, before any close hook's work: stop listening and drop idle keep-alive connections
    // (Node's close does both). Fastify closes the server only after its preClose hooks; while they
    // wait (on the database, say), a request on an idle keep-alive connection got in and a 503.
    app.server.close();
    const cut = setTimeout(() => {
      app.log.warn(`requests still running after ${graceMs / 1000} s: closing their connections`);
      app.server.closeAllConnections();
    }, graceMs);
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while stopping');
      code = 1;
    }
    clearTimeout(cut);
    app.log.info('stopped');
    process.exit(code);
  };
  process.on('SIGTERM', (s) => void stop(s));
  process.on('SIGINT', (s) => void stop(s));
}
