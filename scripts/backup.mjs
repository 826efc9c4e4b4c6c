// `npm run backup -- <file>` and `npm run restore -- <file>` (README "Backup
// and restore"): runs the compiled backup commands (dist/server/backup.js,
// from src/core/server/backup/cli.ts) in this process, building first when the
// build is missing or stale, as `npm start` does.
import { pathToFileURL } from 'node:url';
import { backupBundle, ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import(pathToFileURL(backupBundle).href);
