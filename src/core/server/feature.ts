import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ResourceDef } from '../shared/resource';
import type { KnownRoute } from './rbac/route-table';

/** What a feature's server part is given when it registers. */
export interface FeatureContext {
  /** The declarations this app serves. */
  resources: readonly ResourceDef[];
  /** Every API route, filled in as routes register (the permission records are made from it). */
  routes: KnownRoute[];
  /** Work to run under the start-up lock once the database is migrated and seeded (a feature's own seed). */
  onSeed(work: () => Promise<void>): void;
  /** Work to run once the app has started (jobs): after every feature's seed. */
  onStart(work: () => Promise<void>): void;
}

/**
 * A feature's server part: it registers its own routes, hooks and jobs.
 * `buildApp` registers the product's features in the order of
 * `src/core/server/features.ts`.
 */
export interface ServerFeature {
  name: string;
  register(app: FastifyInstance, ctx: FeatureContext): Promise<void>;
}

/** A feature that is routes only: one Fastify plugin. */
export function routesFeature(name: string, plugin: FastifyPluginAsync): ServerFeature {
  return {
    name,
    async register(app) {
      await app.register(plugin);
    },
  };
}
