import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** How long a start waits for Redis before going on without it (limits then count per process until it answers). */
const READY_TIMEOUT_MS = 3000;

/**
 * A Redis connection for shared counters. Commands fail at once while it is
 * disconnected (no offline queue) and after 500 ms without an answer, so a
 * Redis outage never holds a request: the caller falls back. ioredis
 * reconnects by itself.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  // Loaded here, not at start: a server without REDIS_URL never holds ioredis (about 20 MB resident).
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Without a listener ioredis prints every failed reconnection; the store logs what matters.
  redis.on('error', () => undefined);
  const ready = new Promise<boolean>((resolve) => {
    redis.once('ready', () => resolve(true));
    setTimeout(() => resolve(false), READY_TIMEOUT_MS).unref();
  });
  if (!(await ready)) log.warn('Redis did not answer at start: rate limits count in this process until it does');
  return redis;
}
