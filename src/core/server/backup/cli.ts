// `npm run backup -- <file>` and `npm run restore -- <file>` (compiled to
// dist/server/backup.js; scripts/backup.mjs runs it). Settings as the server
// reads them (.env, then the environment). Success: a summary on stdout.
// Failure: one line on stderr and exit code 1.
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { loadEnvFile } from '../startup/env-file';
import { rootMessage } from '../startup/startup-error';
import { BackupError } from './backup-error';
import { restoreBackup } from './restore';
import { takeBackup } from './take-backup';

const USAGE = 'Usage: npm run backup -- <file>   |   npm run restore -- <file>';

const mb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function uploadsLine(m: { uploads: { storage: 'local'; files: number; bytes: number } | { storage: 's3'; bucket: string } }): string {
  return m.uploads.storage === 'local'
    ? `${m.uploads.files} uploaded files (${mb(m.uploads.bytes)})`
    : `no uploaded files (they are in S3 bucket ${m.uploads.bucket}: copy it with aws s3 sync)`;
}

function embeddedOnly(config: Config, command: string): void {
  if (config.databaseUrl)
    throw new BackupError(
      `DATABASE_URL is set: the database is PostgreSQL; ${command === 'backup' ? 'back it up with pg_dump' : 'restore it with pg_restore'} (README "Backup and restore")`,
    );
}

async function run(argv: string[]): Promise<void> {
  const [command, fileArg, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !fileArg || rest.length) throw new BackupError(USAGE);
  loadEnvFile();
  const config = loadConfig();
  embeddedOnly(config, command);
  // npm runs scripts in the package's folder; a relative name is the caller's.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  if (command === 'backup') {
    const r = await takeBackup(config, file);
    const by = r.serverPid !== undefined ? `taken by the running server (pid ${r.serverPid})` : 'taken with no server running';
    console.log(
      `Backup written to ${file}: database (${mb(r.manifest.database.bytes)} before compression) and ${uploadsLine(r.manifest)}, ${by}.`,
    );
    return;
  }
  const r = await restoreBackup(config, file);
  console.log(
    `Restored ${file} (taken ${r.manifest.createdAt} by version ${r.manifest.appVersion}) into ${config.dataDir}: database with ${r.migrations} migrations applied and ${uploadsLine(r.manifest)}. Start the server to use it.`,
  );
  if (r.warning) console.warn(`Note: ${r.warning}`);
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
    else if (err instanceof BackupError) console.error(`${process.argv[2] === 'restore' ? 'Restore' : 'Backup'} failed: ${err.message}`);
    else {
      console.error(`${process.argv[2] === 'restore' ? 'Restore' : 'Backup'} failed: ${rootMessage(err)}`);
      if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '')) console.error(err);
    }
    process.exit(1);
  },
);
