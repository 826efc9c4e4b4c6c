import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { StartupRefusal } from './db/data-dir-lock';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    if (err instanceof StartupRefusal) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await app.listen({ port: config.port, host: config.host });
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

void main();
