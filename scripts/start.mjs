// `npm start`: runs the compiled server (dist/server/main.js) with plain
// node, in this same process, so SIGTERM and SIGINT reach the server itself
// and no child is left behind. Builds first when the build is missing or
// stale (scripts/ensure-build.mjs).
import { pathToFileURL } from 'node:url';
import { ensureBuild, serverBundle } from './ensure-build.mjs';

ensureBuild();
await import(pathToFileURL(serverBundle).href);
