import type { FastifyInstance } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from './config';
import { productResources } from '../../../resources/set';
import type { ResourceDef } from '../shared/resource';
import { createResourceSet } from '../shared/resource-set';
import { registerTables } from './db/resource-tables';
import type { Database } from './db/client';
import { bootstrap, type BootstrapResult } from './db/seed';
import type { Mailer } from './mail/mailer';
import { trackRoutes, type KnownRoute } from './rbac/route-table';
import type { FeatureContext, ServerFeature } from './feature';
import { productFeatures } from './features';
import { createFastify } from './app-parts/fastify';
import { openDependencies } from './app-parts/dependencies';
import { registerSharedPlugins } from './app-parts/shared-plugins';
import { webhookEventDocs } from '../../features/webhooks/contract';
import './types';

export interface BuildOptions {
  /** Replaces Google's key set (tests sign their own ID tokens). */
  googleKeys?: JWTVerifyGetKey;
  /** Use an already open database (tests share one per file). */
  database?: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go (tests read them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Declarations to serve instead of resources/index.ts (tests add a fixture resource). */
  resources?: readonly ResourceDef[];
  /**
   * Bench only (bench/api/serialization.ts): answer with plain JSON.stringify
   * instead of serializing through the response schemas, to measure what the
   * schemas cost. Never in production: then a field no schema names could leave.
   */
  serializeWithoutSchemas?: boolean;
  /** Features to serve instead of the product's (src/core/server/features.ts). */
  features?: readonly ServerFeature[];
}

export interface App extends FastifyInstance {
  bootstrapResult: BootstrapResult;
}

/** What the features asked to run once the app is ready. */
interface Lifecycle {
  seeds: (() => Promise<void>)[];
  starts: (() => Promise<void>)[];
}

/** Registers each feature in order: its routes, hooks and what it runs at start. */
async function registerFeatures(
  app: FastifyInstance,
  features: readonly ServerFeature[],
  resources: readonly ResourceDef[],
  routes: KnownRoute[],
): Promise<Lifecycle> {
  const lifecycle: Lifecycle = { seeds: [], starts: [] };
  const ctx: FeatureContext = {
    resources,
    routes,
    onSeed: (work) => void lifecycle.seeds.push(work),
    onStart: (work) => void lifecycle.starts.push(work),
  };
  for (const feature of features) await feature.register(app, ctx);
  return lifecycle;
}

/**
 * Seeds an empty database (one replica at a time: the first seeds, the
 * others find it seeded), then starts the mail outbox and the features' jobs.
 */
async function start(app: FastifyInstance, resources: readonly ResourceDef[], routes: KnownRoute[], lifecycle: Lifecycle) {
  const { config, database, mailer } = app.deps;
  const bootstrapResult = await database.exclusive(async () => {
    const result = await bootstrap(database.db, routes, { email: config.adminEmail, password: config.adminPassword }, resources);
    for (const seed of lifecycle.seeds) await seed();
    return result;
  });
  // Messages left by an earlier run or another replica go out too.
  mailer.start();
  for (const job of lifecycle.starts) await job();
  return bootstrapResult;
}

/**
 * The whole server, ready to `listen` or to `inject` (tests): the shared
 * parts opened, the features registered, started.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  // Declarations are checked before anything starts: a bad one (an admin path
  // taking a public page's, a field of no known kind...) stops with the reason.
  const resources = opts.resources ? createResourceSet(opts.resources) : productResources;
  registerTables(resources);
  const app = createFastify(config, opts);
  await openDependencies(app, config, opts);
  const routes = trackRoutes(app);
  await registerSharedPlugins(app, config, webhookEventDocs(resources.list.map((r) => r.name)));
  const lifecycle = await registerFeatures(app, opts.features ?? productFeatures, resources.list, routes);
  await app.ready();
  const bootstrapResult = await start(app, resources.list, routes, lifecycle);
  return Object.assign(app, { bootstrapResult }) as App;
}
