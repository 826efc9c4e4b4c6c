import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface Store extends Omit<FastifyRateLimitStore, 'child'> {
  child(routeOptions: RouteOptions): Store;
  // Both of the plugin's stores have it (the plugin uses it for `{ increment: false }`).
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
}
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => Store;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => Store;

// The plugin's own stores (not exported by its index): Redis' counting script, and the in-memory LRU.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/** How often "Redis is unreachable" is logged while it stays so. */
const WARN_EVERY_MS = 60_000;

/**
 * Rate-limit counters in Redis, shared by every replica, with this process's
 * memory as the fallback: while Redis cannot answer, each replica counts on
 * its own (a limit then holds per replica, not cluster-wide) instead of
 * failing requests or letting them through unlimited. The in-memory counters
 * run all the time, so a fallback starts from this process's recent counts.
 */
export function redisWithLocalFallback(redis: Redis, prefix: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastWarning = 0;
  const warn = (err: Error) => {
    const now = Date.now();
    if (now - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now;
    log.warn({ err }, 'Redis unreachable: rate limits count in this process only until it is back');
  };

  class FallbackStore implements Store {
    constructor(
      private readonly shared: Store,
      private readonly local: Store,
    ) {}

    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      let localResult: { current: number; ttl: number } | undefined;
      this.local.incr(key, (_err, res) => (localResult = res), timeWindow, max);
      this.shared.incr(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          warn(err);
          cb(null, localResult);
        },
        timeWindow,
        max,
      );
    }

    read(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.shared.read(
        key,
        (err, res) => {
          if (!err) return cb(null, res);
          warn(err);
          this.local.read(key, cb, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }

  return class extends FallbackStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const c = Boolean(options.continueExceeding);
      const e = Boolean(options.exponentialBackoff);
      super(new RedisStore(c, e, redis, prefix), new LocalStore(c, e));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
