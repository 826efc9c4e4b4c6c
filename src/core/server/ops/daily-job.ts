import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A job every process runs once the app has started, then once a day (a
 * retention purge): nothing is remembered between runs, so a replica
 * restarting or several running at once change nothing. A failed run is
 * logged as `failed` and the next one tries again. Made before the app is
 * ready (its stop is an onClose hook); `start` once it is.
 */
export function dailyJob(app: FastifyInstance, failed: string, run: () => Promise<void>): { start(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => clearInterval(timer));
  const once = async () => {
    try {
      await run();
    } catch (err) {
      app.log.warn({ err }, failed);
    }
  };
  return {
    async start() {
      await once();
      timer = setInterval(() => void once(), DAY_MS);
      timer.unref();
    },
  };
}
