import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { JWTVerifyGetKey } from 'jose';
import type { Config } from './config';
import { productResources } from '../../resources/set';
import type { ResourceDef } from '../shared/resource';
import { createResourceSet } from '../shared/resource-set';
import { registerTables } from './db/resource-tables';
import type { Database } from './db/client';
import { openDatabaseWithRetry } from './db/open-with-retry';
import { migrationsFolder } from './db/client';
import { appliedMigrationCount, shippedMigrationCount } from './db/migration-state';
import { Metrics } from './ops/metrics';
import { NotReady, Readiness } from './ops/readiness';
import { requestId } from './ops/request-id';
import { opsPlugin } from './plugins/ops';
import { opsRoutes } from './routes/ops';
import { appRoot } from './app-root';
import { bootstrap, type BootstrapResult } from './db/seed';
import { createMailer, type Mailer } from './mail/mailer';
import { openStorage } from './storage/open-storage';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
import { trackRoutes } from './rbac/route-table';
import { dashboardRoutes } from './routes/dashboard';
import { completeApiContracts } from './plugins/api-contract';
import { authRoutes } from './routes/auth';
import { crudRoutes } from './routes/crud';
import { googleRoutes } from './routes/google';
import { inviteRoutes } from '../features/invites/server/routes';
import { experienceRoutes } from '../features/experiences/server/routes';
import { translationRoutes } from '../features/translations/server/routes';
import { seedTranslations } from '../features/translations/server/store';
import { meRoutes } from './routes/me';
import { myPermissionRoutes } from './routes/my-permissions';
import { sessionRoutes } from '../features/sessions/server/routes';
import { twoFactorRoutes } from '../features/two-factor/server/routes';
import { roleLinkRoutes } from './routes/role-links';
import { auditRoutes } from '../features/audit/server/routes';
import { auditPurger } from '../features/audit/server/purge';
import { notificationStreamRoutes } from '../features/notifications/server/routes';
import { systemRoutes } from './routes/system';
import { uploadRoutes } from './routes/upload';
import { loadJwtSecret } from './security/secret';
import { connectRedis } from './security/redis';
import { redisWithLocalFallback } from './security/rate-limit-store';
import { importSessionKey } from './security/jwt';
import { redactUrl } from './http/redact-url';
import { serializeError } from './http/log-error';
import { trustProxyOption } from './http/trust-proxy';
import { appVersion as version } from './version';
import { openControlSocket } from './backup/control-socket';
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
}

export interface App extends FastifyInstance {
  bootstrapResult: BootstrapResult;
}

/** The whole server, ready to `listen` or to `inject` (tests). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  // Declarations are checked before anything starts: a bad one (an admin path
  // taking a public page's, a field of no known kind...) stops with the reason.
  const resources = opts.resources ? createResourceSet(opts.resources) : productResources;
  registerTables(resources);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
              // Failed queries without their values (hashes, tokens): see serializeError.
              err: (err: Error) => serializeError(err),
            },
          },
    bodyLimit: 1024 * 1024,
    genReqId: requestId,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // strictNumbers: NaN and Infinity (JSON's 1e309) are not numbers to a schema.
    ajv: { customOptions: { allErrors: true, removeAdditional: true, coerceTypes: 'array', useDefaults: true, strictNumbers: true } },
  });
  if (opts.serializeWithoutSchemas) app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.decorate('readiness', new Readiness());
  app.decorate('metrics', new Metrics());
  const database =
    opts.database ??
    (await openDatabaseWithRetry(
      {
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        inMemory: config.inMemoryDb,
        statementTimeoutSeconds: config.dbStatementTimeout,
        onConnectionError: (err) => app.log.warn({ err }, 'PostgreSQL connection lost'),
      },
      {
        timeoutMs: config.dbConnectTimeout * 1000,
        onRetry: ({ attempt, waitMs, reason }) =>
          app.log.warn({ attempt, retryInMs: waitMs, reason }, `database not reachable (try ${attempt}), retrying in ${waitMs} ms`),
      },
    ).catch(async (err: unknown) => {
      await app.close();
      throw err;
    }));
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      db: () => database.db,
      retrySeconds: config.mailRetrySeconds,
      maxAttempts: config.mailMaxAttempts,
    });
  app.decorate('deps', {
    config,
    database,
    mailer,
    storage: openStorage(config),
    jwtSecret: await importSessionKey(await loadJwtSecret(database.db, config.jwtSecret, config.dataDir)),
    jwtSecretPrevious: config.jwtSecretPrevious ? await importSessionKey(new TextEncoder().encode(config.jwtSecretPrevious)) : undefined,
    googleKeys: opts.googleKeys,
  });
  app.addHook('onClose', async () => {
    await mailer.stop();
    if (!opts.database) await database.close();
  });
  const { storage } = app.deps;
  // A server on its own embedded database takes backups for `npm run backup` (src/server/backup/).
  const dumpDatabase = database.dumpDataDir;
  if (dumpDatabase && !opts.database && !config.inMemoryDb) {
    const closeControl = await openControlSocket(
      {
        dataDir: config.dataDir,
        dumpDatabase,
        uploadsDir: storage.driver === 'local' ? path.join(config.dataDir, 'uploads') : undefined,
        s3Bucket: config.s3?.bucket,
        appVersion: version,
      },
      app.log,
    );
    if (closeControl) app.addHook('onClose', closeControl);
  }
  const storageCheck = storage.check?.bind(storage);
  if (storageCheck) app.readiness.register('storage', storageCheck);
  const shippedMigrations = shippedMigrationCount(migrationsFolder);
  app.readiness.register('database', async () => {
    const applied = await appliedMigrationCount(database.db);
    if (applied < shippedMigrations) throw new NotReady(`${shippedMigrations - applied} migrations not applied`);
  });
  const { poolStats } = database;
  if (poolStats) app.metrics.gauge('db_pool_connections', 'PostgreSQL pool connections by state', poolStats, 'state');
  app.metrics.gauge('mail_queue_depth', 'Mail messages waiting to be sent', () => mailer.queueDepth?.() ?? 0);

  const routes = trackRoutes(app);
  completeApiContracts(app);
  await app.register(opsPlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => void redis.disconnect());
    app.readiness.register('redis', async () => void (await redis.ping()));
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithLocalFallback(redis, `${config.redisKeyPrefix}rate-limit:`, app.log) } : {}),
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 10 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back office API',
        version,
        description: 'The API of the back office and the public site.',
        license: { name: 'UNLICENSED', identifier: 'UNLICENSED' },
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // Paths are documented without a trailing slash; the router answers both (ignoreTrailingSlash).
    transform: ({ schema, url }) => ({ schema, url: url.length > 1 ? url.replace(/\/+$/, '') : url }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);

  await app.register(systemRoutes(routes, version));
  await app.register(opsRoutes);
  await app.register(authRoutes);
  await app.register(googleRoutes);
  await app.register(meRoutes);
  await app.register(myPermissionRoutes);
  await app.register(sessionRoutes);
  await app.register(twoFactorRoutes);
  await app.register(roleLinkRoutes);
  await app.register(auditRoutes(resources.list));
  const auditPurge = auditPurger(app);
  await app.register(notificationStreamRoutes);
  await app.register(uploadRoutes);
  await app.register(inviteRoutes);
  await app.register(translationRoutes);
  await app.register(experienceRoutes);
  await app.register(crudRoutes(resources.list));
  await app.register(dashboardRoutes(resources.list));
  await app.register(webPlugin);

  await app.ready();
  // One replica at a time: the first seeds an empty database, the others find it seeded.
  const bootstrapResult = await database.exclusive(async () => {
    const result = await bootstrap(database.db, routes, { email: config.adminEmail, password: config.adminPassword }, resources.list);
    await seedTranslations(database.db, path.join(appRoot, 'public/locales'));
    return result;
  });
  // Messages left by an earlier run or another replica go out too.
  mailer.start();
  await auditPurge.start();
  return Object.assign(app, { bootstrapResult }) as App;
}
