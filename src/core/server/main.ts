import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { checkDataDir } from './startup/data-dir';
import { loadEnvFile } from './startup/env-file';
import { stopOnSignals } from './startup/graceful-stop';
import { listenError } from './startup/listen-error';
import { checkPortFree } from './startup/port-free';
import { StartupError, rootMessage } from './startup/startup-error';
import { StartupRefusal } from './db/data-dir-lock';

function printBanner(app: App, config: Config) {
  const admin = app.bootstrapResult.admin;
  console.log(`\n  Back office running at ${config.publicUrl}  (admin: ${config.publicUrl}/admin)`);
  console.log(`  Database: ${app.deps.database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`);
  if (admin) {
    console.log(`  First admin: ${admin.email}`);
    console.log(
      admin.generated
        ? `  Password:    ${admin.password}   (shown once; change it on the profile page)`
        : '  Password:    the value of ADMIN_PASSWORD',
    );
  }
  console.log('');
}

async function start() {
  loadEnvFile();
  const config = loadConfig();
  checkDataDir(config.dataDir);
  await checkPortFree(config.host, config.port);
  const app = await buildApp(config);
  // Signals first: a stop asked for while listening starts still closes cleanly.
  stopOnSignals(app);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await app.close();
    throw listenError(err, config.host, config.port);
  }
  printBanner(app, config);
}

/**
 * Start-up failures an operator can fix are one line on stderr and exit 1;
 * anything else is one line too (its stack only with LOG_LEVEL=debug or trace).
 */
start().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else if (err instanceof StartupError) console.error(`Cannot start: ${err.message}`);
  else if (err instanceof StartupRefusal) console.error(err.message);
  else {
    console.error(`Cannot start: ${rootMessage(err)}`);
    if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '')) console.error(err);
  }
  process.exit(1);
});
