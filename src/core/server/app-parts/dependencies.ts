import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { migrationsFolder } from '../db/client';
import { openDatabaseWithRetry } from '../db/open-with-retry';
import { appliedMigrationCount, shippedMigrationCount } from '../db/migration-state';
import { Metrics } from '../ops/metrics';
import { NotReady, Readiness } from '../ops/readiness';
import { createMailer } from '../mail/mailer';
import { openStorage } from '../storage/open-storage';
import { keepingVersionedFiles } from '../versions/kept-files';
import { loadJwtSecret } from '../security/secret';
import { importSessionKey } from '../security/jwt';
import { appVersion } from '../version';
import { openControlSocket } from '../backup/control-socket';
import type { BuildOptions } from '../app';

/** The database, waited for `DB_CONNECT_TIMEOUT` seconds; the app closes if it never answers. */
function openDatabase(app: FastifyInstance, config: Config): Promise<Database> {
  return openDatabaseWithRetry(
    {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      inMemory: config.inMemoryDb,
      statementTimeoutSeconds: config.dbStatementTimeout,
      onConnectionError: (err) => app.log.warn({ err }, 'PostgreSQL connection lost'),
      upkeep: { log: app.log },
    },
    {
      timeoutMs: config.dbConnectTimeout * 1000,
      onRetry: ({ attempt, waitMs, reason }) =>
        app.log.warn({ attempt, retryInMs: waitMs, reason }, `database not reachable (try ${attempt}), retrying in ${waitMs} ms`),
    },
  ).catch(async (err: unknown) => {
    await app.close();
    throw err;
  });
}

/**
 * Opens what every feature uses (`app.deps`: database, mailer, file storage,
 * session keys) and the registries parts add to (`app.readiness`,
 * `app.metrics`), with their checks and gauges.
 */
export async function openDependencies(app: FastifyInstance, config: Config, opts: BuildOptions): Promise<void> {
  app.decorate('readiness', new Readiness());
  app.decorate('metrics', new Metrics());
  const database = opts.database ?? (await openDatabase(app, config));
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
    storage: keepingVersionedFiles(await openStorage(config), () => database.db),
    jwtSecret: await importSessionKey(await loadJwtSecret(database.db, config.jwtSecret, config.dataDir)),
    jwtSecretPrevious: config.jwtSecretPrevious ? await importSessionKey(new TextEncoder().encode(config.jwtSecretPrevious)) : undefined,
    googleKeys: opts.googleKeys,
  });
  app.addHook('onClose', async () => {
    await mailer.stop();
    if (!opts.database) await database.close();
  });
  if (!opts.database) await openBackupSocket(app, config);
  watchDependencies(app);
}

/** A server on its own embedded database takes the backups `npm run backup` asks for (src/core/server/backup/). */
async function openBackupSocket(app: FastifyInstance, config: Config): Promise<void> {
  const { database, storage } = app.deps;
  const dumpDatabase = database.dumpDataDir;
  if (!dumpDatabase || config.inMemoryDb) return;
  const closeControl = await openControlSocket(
    {
      dataDir: config.dataDir,
      dumpDatabase,
      uploadsDir: storage.driver === 'local' ? path.join(config.dataDir, 'uploads') : undefined,
      s3Bucket: config.s3?.bucket,
      appVersion,
    },
    app.log,
  );
  if (closeControl) app.addHook('onClose', closeControl);
}

/** Readiness checks (storage, migrations applied) and gauges (pool, mail queue) of the dependencies. */
function watchDependencies(app: FastifyInstance): void {
  const { database, storage, mailer } = app.deps;
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
}
